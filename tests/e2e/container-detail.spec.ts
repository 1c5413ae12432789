import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

type Container = { id: string; attributes: Record<string, unknown> }

test('find a container by number and read its availability, LFD, holds, fees and timeline', async ({
  page,
}) => {
  await page.goto('/shipments')
  await expect(page.getByRole('table', { name: 'Shipments' }).getByRole('row').nth(1)).toBeVisible()
  const containers: Container[] = []
  for (let number = 1; number <= 5; number++)
    containers.push(
      ...(await (await page.request.get(`/v2/containers?page[size]=100&page[number]=${number}`)).json()).data,
    )
  const container =
    containers.find(
      (c) =>
        (c.attributes.holds_at_pod_terminal as unknown[]).length > 0 &&
        (c.attributes.fees_at_pod_terminal as unknown[]).length > 0,
    ) ?? containers.find((c) => c.attributes.pod_discharged_at)!
  const number = container.attributes.number as string

  await page.getByLabel('Go to a container, bill of lading or reference').fill(number)
  await page.getByLabel('Go to a container, bill of lading or reference').press('Enter')
  await expect(page).toHaveURL(new RegExp(`/containers/${container.id}`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(number)

  const answer = page.getByRole('region', { name: 'Availability' })
  await expect(answer).toContainText(
    /Available for pickup|Not available|Discharged|Picked up|Empty returned|rail/,
  )
  await expect(page.getByRole('heading', { name: 'Holds' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Last free day' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Fees' })).toBeVisible()
  const timeline = page.getByRole('region', { name: 'Timeline' })
  await expect(timeline.getByRole('listitem').first()).toBeVisible()
  await expect(timeline).toContainText('Discharged from vessel')
  await expect(timeline.locator('time').first()).toHaveAttribute('title', /Your time:/)

  await page.getByRole('button', { name: "Carrier's own events" }).click()
  await expect(page).toHaveURL(/events=carrier/)
  await expect(timeline.getByRole('listitem').first()).toBeVisible()

  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  await page.reload()
  await expect(page.getByRole('button', { name: "Carrier's own events" })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
})

test('an unknown container shows a readable error with Retry', async ({ page }) => {
  await page.goto('/containers/00000000-0000-4000-8000-000000000000')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Not found')
  await expect(alert).toContainText("Couldn't find container")
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible()
})
