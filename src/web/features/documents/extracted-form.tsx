import { useQueryClient } from '@tanstack/react-query'
import { DOCUMENT_TYPES } from '../../../contract/document-types'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { documentTypeLabel } from '../../components/documents/reading-words'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { showToast } from '../../components/toast/toasts'
import { documentApi, documentQueries } from './document-queries'
import {
  CorrectionFormSchema,
  type CorrectionValues,
  confidenceWords,
  correctionsToSend,
  FIELD_GROUPS,
  formValues,
  type Payload,
  placeOf,
  type ReadValue,
} from './payload-fields'

type Props = {
  documentId: string
  payload: Payload | undefined
  manualType: string | null | undefined
  /** Points the preview at a reading (by its key), or at nothing. */
  onPoint: (key: string | undefined) => void
  pointed: string | undefined
}

/** How sure the reading of one field is, or that a person set it. */
function FieldSource({
  place,
  corrected,
  readAs,
}: {
  place?: ReadValue
  corrected: boolean
  readAs?: unknown
}) {
  if (corrected)
    return (
      <span className="field-source">
        <span aria-hidden="true">✎ </span>Corrected by a person
        {readAs ? (
          <span className="muted">
            ; read as {Array.isArray(readAs) ? readAs.join(', ') : String(readAs)}
          </span>
        ) : null}
      </span>
    )
  if (!place) return <span className="field-source muted">Not found in the document</span>
  return (
    <span className="field-source">
      Read on page {place.page}, {confidenceWords(place.confidence)}
    </span>
  )
}

/**
 * What was read from the document as a form grouped by kind, each value with how sure the reading is;
 * focusing a value marks where it was read in the preview. Saving sends only what a person changed.
 */
export function ExtractedForm({ documentId, payload, manualType, onPoint, pointed }: Props) {
  const queryClient = useQueryClient()
  const { canWrite, reason } = useWriteAccess()
  const values = payload?.values ?? []
  const corrected = payload?.corrected_fields ?? []
  const read = ((payload as Record<string, unknown> | undefined)?.read ?? {}) as Record<string, unknown>
  const classified = (
    payload as { classification?: { document_type?: string; confidence?: number } } | undefined
  )?.classification
  const defaults = formValues(payload, manualType)
  const form = useAppForm({
    defaultValues: defaults,
    validators: { onSubmit: CorrectionFormSchema },
    onSubmit: async ({ value, formApi }) => {
      const corrections = correctionsToSend(defaults, value as CorrectionValues, corrected)
      const typeChanged = value.document_type_manual !== defaults.document_type_manual
      if (Object.keys(corrections).length === 0 && !typeChanged) {
        showToast({ tone: 'done', text: 'Nothing changed.' })
        return
      }
      try {
        await documentApi.patch(documentId, {
          data: {
            type: 'document',
            id: documentId,
            attributes: {
              ...(Object.keys(corrections).length > 0 ? { corrections } : {}),
              ...(typeChanged ? { document_type_manual: value.document_type_manual || null } : {}),
            },
          },
        })
        await queryClient.invalidateQueries({ queryKey: documentQueries.detail(documentId).queryKey })
        void queryClient.invalidateQueries({ queryKey: [...documentQueries.all(), 'linked'] })
        showToast({ tone: 'done', text: 'Corrections saved. They are kept when the document is read again.' })
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  const typeOptions = [
    {
      value: '',
      label: `As read: ${documentTypeLabel(classified?.document_type ?? payload?.document_type)}${classified?.confidence ? ` (${confidenceWords(classified.confidence)})` : ''}`,
    },
    ...DOCUMENT_TYPES.map((t) => ({ value: t.code, label: t.label })),
  ]
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="document_type_manual">
          {(field) => (
            <field.SelectField
              label="Document type"
              hint="Choose a type to file it under; it stays when the document is read again."
              options={typeOptions}
            />
          )}
        </form.AppField>
        {FIELD_GROUPS.map((group) => (
          <fieldset key={group.title} className="extracted-group">
            <legend>{group.title}</legend>
            {group.fields.map((f) => {
              const place = placeOf(values, f.read, defaults[f.name])
              const key = f.name
              const point = () => onPoint(place ? key : undefined)
              const hint = (
                <FieldSource place={place} corrected={corrected.includes(f.name)} readAs={read[f.name]} />
              )
              return (
                <div key={f.name} className={pointed === key ? 'extracted-field pointed' : 'extracted-field'}>
                  <form.AppField name={f.name}>
                    {(field) =>
                      'list' in f ? (
                        <field.ListField
                          label={f.label}
                          hint={hint}
                          className="mono"
                          autoComplete="off"
                          onFocus={point}
                        />
                      ) : (
                        <field.TextField
                          label={f.label}
                          hint={hint}
                          type={'date' in f ? 'date' : 'text'}
                          autoComplete="off"
                          onFocus={point}
                        />
                      )
                    }
                  </form.AppField>
                  {place ? (
                    <button
                      type="button"
                      className="link-button small"
                      aria-pressed={pointed === key}
                      onClick={() => onPoint(pointed === key ? undefined : key)}
                    >
                      {pointed === key ? 'Hide mark' : `Show where on page ${place.page}`}
                      <span className="visually-hidden"> ({f.label})</span>
                    </button>
                  ) : null}
                </div>
              )
            })}
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
