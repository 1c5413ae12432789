import type { z } from 'zod/mini'
import { ContainerSchema } from '../../../contract/containers'
import { CustomFieldSchema } from '../../../contract/custom-fields'
import type { ShipmentListDocumentSchema } from '../../../contract/shipments'
import { createIncludeGraph } from '../../api/include-graph'
import { searchMatch } from './search-match'
import type { ShipmentRow } from './shipments-columns'

export function shipmentRowsOf(
  data: z.infer<typeof ShipmentListDocumentSchema>,
  q: string | undefined,
): ShipmentRow[] {
  const graph = createIncludeGraph(data)
  return data.data.map((shipment) => {
    const values = shipment.relationships?.custom_fields
      ? graph.many(shipment, 'custom_fields', CustomFieldSchema)
      : undefined
    const containers = graph.many(shipment, 'containers', ContainerSchema)
    const matched = q ? searchMatch({ shipment, containers }, q) : undefined
    return {
      shipment,
      containers,
      ...(matched && matched.on !== 'bill of lading' ? { matched } : {}),
      ...(values
        ? {
            fields: Object.fromEntries(values.map((v) => [v.attributes.api_slug, v.attributes.value])),
            fieldWords: Object.fromEntries(
              values.map((v) => [v.attributes.api_slug, v.attributes.display_value ?? '']),
            ),
          }
        : {}),
    }
  })
}
