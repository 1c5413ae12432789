import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Axe finds no serious or critical violation on the page as it is now. `exclude` leaves out parts that are
 * not the dashboard's own markup, such as an email's sandboxed frame (axe cannot run scripts in it).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { exclude = [] }: { exclude?: string[] } = {},
) {
  const builder = new AxeBuilder({ page })
  for (const selector of exclude) builder.exclude(selector)
  const results = await builder.analyze()
  const serious = results.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
}
