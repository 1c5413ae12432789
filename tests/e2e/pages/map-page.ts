import { expect, type Page } from '@playwright/test'

/** The vessel map and its list equivalent. */
export class MapPage {
  constructor(readonly page: Page) {}

  summary = () => this.page.getByText(/\d+ vessels carrying \d+ of your containers/)
  list = () => this.page.getByRole('table', { name: 'Vessels carrying your containers' })
  panel = () => this.page.getByRole('complementary', { name: /.+/ })
  slider = () => this.page.getByRole('slider', { name: 'Forecast time' })
  map = () => this.page.locator('.vessel-map')

  async open(query = '') {
    await this.page.goto(`/map${query}`)
    await expect(this.summary()).toBeVisible()
  }

  /** A fact in the vessel panel, by its term. */
  fact = (term: string) => this.panel().locator(`dt:text-is("${term}") + dd`)
}

export type MapVesselResource = {
  id: string
  attributes: {
    name: string
    next_port: { name: string; latitude: number; longitude: number; is_port_of_discharge: boolean }
    arrives_at?: string | null
  }
  relationships: { containers: { data: { id: string }[] } }
}

/** The map's vessels as the service lists them, through the dashboard's own gateway. */
export async function mapVessels(page: Page) {
  await page.request.get('/session')
  const response = await page.request.get('/v2/vessels?filter[carrying]=active&include=containers')
  return ((await response.json()) as { data: MapVesselResource[] }).data
}
