import { Link, useParams } from 'react-router-dom'
import { ContainerSchema } from '../../../contract/containers'
import { DocumentRepresentationSchema } from '../../../contract/documents'
import { ShipmentSchema } from '../../../contract/shipments'
import { useRecord } from '../../api/use-record'
import { documentTypeLabel } from '../../components/documents/reading-words'
import { useUrlParam } from '../../components/layout/use-url-param'
import { Time } from '../../components/time/time'
import { DocumentActions } from './document-actions'
import { DocumentPreview } from './document-preview'
import { documentQueries } from './document-queries'
import { ExtractedForm } from './extracted-form'
import { LinkPicker } from './link-picker'
import { OtherReadings } from './other-readings'
import { FIELDS, formValues, placeOf, type ReadValue, readPayload } from './payload-fields'

function pointedValue(key: string | null, values: ReadValue[], shown: Record<string, unknown>) {
  if (!key) return undefined
  const fee = /^fee:(\d+)$/.exec(key)
  if (fee) return values.filter((v) => v.field === 'fee')[Number(fee[1])]
  const field = FIELDS.find((f) => f.name === key)
  return placeOf(values, field?.read ?? key, shown[key])
}

export function DocumentPage() {
  const { id = '' } = useParams()
  const [pointedKey, point] = useUrlParam('at')
  const loaded = useRecord(documentQueries.detail(id))
  if (!loaded) return <p aria-busy="true">Loading document…</p>
  const { record: document, graph } = loaded
  const a = document.attributes
  const representation = graph.one(document, 'last_document_representation', DocumentRepresentationSchema)
  const payload = readPayload(representation?.attributes.payload)
  const shipments = graph.many(document, 'shipments', ShipmentSchema)
  const containers = graph.many(document, 'cargos', ContainerSchema)
  const submissionId = document.relationships?.email_submission?.data?.id
  const shown = formValues(payload, a.document_type_manual) as Record<string, unknown>
  const place = pointedValue(pointedKey ?? null, payload?.values ?? [], shown)
  const name = a.name ?? a.file_name ?? 'Document'
  return (
    <article aria-labelledby="document-title">
      {submissionId ? (
        <p>
          <Link to={`/email/${submissionId}`}>← The email it came with</Link>
        </p>
      ) : null}
      <h1 id="document-title" className="break-anywhere">
        {name}
      </h1>
      <p className="muted">
        {documentTypeLabel(a.document_type)}
        {a.document_type_manual ? ' (set by a person)' : ''} · received <Time value={a.created_at} /> ·{' '}
        <a href={`/v2/documents/${document.id}/download`} download>
          Download the file
        </a>
      </p>
      <div className="document-layout">
        {/* the preview scrolls on its own, so it takes focus for keyboard scrolling */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section aria-labelledby="preview-title" className="document-preview" tabIndex={0}>
          <h2 id="preview-title">Preview</h2>
          {place ? (
            <p role="status" className="pointed-caption">
              Marked on page {place.page}: <q className="mono">{place.text}</q>
            </p>
          ) : null}
          <DocumentPreview
            id={document.id}
            contentType={a.file_content_type ?? ''}
            name={name}
            highlight={
              place ? { page: place.page, start: place.start, end: place.end, text: place.text } : undefined
            }
          />
        </section>
        <div className="document-side">
          <DocumentActions document={document} />
          <LinkPicker documentId={document.id} links={{ shipments, containers }} />
          <section aria-labelledby="extracted-title">
            <h2 id="extracted-title">What was read</h2>
            {payload ? null : (
              <p className="muted">
                {a.extraction_status === 'done'
                  ? 'Nothing could be read from this file.'
                  : 'Nothing has been read yet. You can still set the type and values by hand.'}
              </p>
            )}
            <ExtractedForm
              key={`${representation?.id ?? 'none'}|${a.document_type_manual ?? ''}`}
              documentId={document.id}
              payload={payload}
              manualType={a.document_type_manual}
              onPoint={point}
              pointed={pointedKey}
            />
            <OtherReadings payload={payload} onPoint={point} pointed={pointedKey} />
          </section>
        </div>
      </div>
    </article>
  )
}
