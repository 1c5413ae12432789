import type { PageRequest, ShipmentFilters, ShipmentSort } from '../storage/shipment-store'
import type { Storage } from '../storage/storage'
import type { IncludeTree } from './include-paths'
import { pageLinks, pageMeta } from './page-links'
import { RESOURCES } from './registry'
import { type RenderContext, renderDocument } from './render'

/**
 * `GET /v2/shipments`' one read, beside the resource it renders: the page from the store, its includes and
 * its links. Unless containers are included, the rows carry their ids, which saves the linkage query.
 */
export async function shipmentListDocument(
  context: RenderContext<Storage> & { baseUrl: string },
  request: {
    filters: ShipmentFilters
    page: PageRequest
    sort?: ShipmentSort
    include: IncludeTree
    url: string
  },
) {
  const { storage, accountId, baseUrl } = context
  const { filters, page, sort, include } = request
  const result = await storage.shipments.listShown(accountId, filters, page, sort, !include.has('containers'))
  const document = await renderDocument(RESOURCES, 'shipment', result.rows, include, {
    ...context,
    raw: true,
  })
  return {
    ...document,
    links: pageLinks(baseUrl, request.url, page, result.total),
    meta: pageMeta(page, result.total),
  }
}
