import { DOCUMENT_TYPES } from '../../../contract/document-types'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { documentTypeLabel } from '../../components/documents/reading-words'
import { ExtractedField } from './extracted-field'
import { confidenceWords, FIELD_GROUPS, type Payload, placeOf } from './payload-fields'
import { useCorrectionForm } from './use-correction-form'

type Props = {
  documentId: string
  payload: Payload | undefined
  manualType: string | null | undefined
  onPoint: (key: string | undefined) => void
  pointed: string | undefined
}

function typeOptions(payload: Payload | undefined) {
  const classified = (
    payload as { classification?: { document_type?: string; confidence?: number } } | undefined
  )?.classification
  const sure = classified?.confidence ? ` (${confidenceWords(classified.confidence)})` : ''
  return [
    {
      value: '',
      label: `As read: ${documentTypeLabel(classified?.document_type ?? payload?.document_type)}${sure}`,
    },
    ...DOCUMENT_TYPES.map((t) => ({ value: t.code, label: t.label })),
  ]
}

/** Saving sends only what a person changed. */
export function ExtractedForm({ documentId, payload, manualType, onPoint, pointed }: Props) {
  const { canWrite, reason } = useWriteAccess()
  const { form, defaults } = useCorrectionForm(documentId, payload, manualType)
  const values = payload?.values ?? []
  const corrected = payload?.corrected_fields ?? []
  const read = ((payload as Record<string, unknown> | undefined)?.read ?? {}) as Record<string, unknown>
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="document_type_manual">
          {(field) => (
            <field.SelectField
              label="Document type"
              hint="Choose a type to file it under; it stays when the document is read again."
              options={typeOptions(payload)}
            />
          )}
        </form.AppField>
        {FIELD_GROUPS.map((group) => (
          <fieldset key={group.title} className="extracted-group">
            <legend>{group.title}</legend>
            {group.fields.map((f) => (
              <ExtractedField
                key={f.name}
                form={form}
                spec={f}
                place={placeOf(values, f.read, defaults[f.name])}
                corrected={corrected.includes(f.name)}
                readAs={read[f.name]}
                pointed={pointed === f.name}
                onPoint={onPoint}
              />
            ))}
          </fieldset>
        ))}
        <ReadOnlyNotice action="Correcting a document" />
        <form.FormFooter
          label="Save corrections"
          busyLabel="Saving…"
          unavailable={canWrite ? undefined : `Read only: ${reason}`}
        />
      </form.Form>
    </form.AppForm>
  )
}
