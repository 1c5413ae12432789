import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { ChangeHistory } from './pages/change-history'
import { demoShipments } from './pages/demo-data'
import { FieldsPanel } from './pages/fields-panel'

test("a field edited on a shipment's page shows in its history, by whom, before and after", async ({
  page,
}) => {
  const broker = `Audit Brokers ${Date.now().toString(36).slice(-5)}`
  const [shipment] = (await demoShipments(page.request, 'page[size]=1')).data
  const fields = new FieldsPanel(page)
  await fields.openShipment(shipment.id)
  const history = new ChangeHistory(page)
  await expect(history.region()).toBeVisible()

  await fields.enter('Customs broker', broker)
  await expect(fields.saved('Customs broker')).toBeVisible()

  // refreshed after the change, without reloading the page
  const newest = history.newest()
  await expect(newest).toContainText('set a field')
  await expect(newest).toContainText('in the dashboard')
  await expect(newest.getByRole('listitem')).toContainText(`Broker: `)
  await expect(newest.locator('.history-after')).toHaveText(broker)
  // port-local time shown, the viewer's on hover
  await expect(newest.locator('time')).toHaveAttribute('title', /.+/)
  await expectNoSeriousA11yViolations(page)
})
