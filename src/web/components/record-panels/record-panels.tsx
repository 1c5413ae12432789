import { lazy, Suspense } from 'react'
import { viewerZone } from '../time/time-zone-setting'

// each panel loads after the page's own code, keeping the page within its budget (its data is prefetched with the page's)
const FieldsPanel = lazy(async () => ({
  default: (await import('../custom-fields/fields-panel')).FieldsPanel,
}))
const LinkedDocuments = lazy(async () => ({
  default: (await import('../documents/linked-documents')).LinkedDocuments,
}))
const ChangeHistory = lazy(async () => ({
  default: (await import('../history/change-history')).ChangeHistory,
}))

const ENTITIES = {
  container: { path: 'containers', definitionType: 'Container' },
  shipment: { path: 'shipments', definitionType: 'Shipment' },
} as const

/** A container's or shipment's custom fields, linked documents and change history. */
export function RecordPanels(props: { kind: 'container' | 'shipment'; id: string; zone?: string | null }) {
  const { kind, id, zone } = props
  return (
    <>
      <Suspense fallback={<p aria-busy="true">Loading fields…</p>}>
        <FieldsPanel entity={ENTITIES[kind]} id={id} zone={zone ?? viewerZone()} />
      </Suspense>
      <Suspense fallback={<p aria-busy="true">Loading documents…</p>}>
        <LinkedDocuments kind={kind} id={id} />
      </Suspense>
      <Suspense fallback={<p aria-busy="true">Loading history…</p>}>
        <ChangeHistory kind={kind} id={id} zone={zone} />
      </Suspense>
    </>
  )
}
