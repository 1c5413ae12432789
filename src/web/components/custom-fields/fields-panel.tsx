import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Dispatch, type SetStateAction, useState } from 'react'
import { Link } from 'react-router-dom'
import type { CustomField } from '../../../contract/custom-fields'
import { ApiError } from '../../api/api-error'
import { useWriteAccess } from '../access/write-access'
import { formatInZone } from '../time/format-time'
import { showToast } from '../toast/toasts'
import { customFieldApi, customFieldQueries, type FieldEntity } from './custom-field-queries'
import { FieldInput } from './field-input'
import { type Definition, withOptions } from './field-values'

type ValuesDocument = { data: CustomField[] }

const versionOf = (field: CustomField | undefined) =>
  field && !field.id.startsWith('pending-') ? (field.attributes.version ?? undefined) : undefined

const problemOf = (error: unknown) =>
  error instanceof ApiError && error.status === 412
    ? 'Someone else changed this field meanwhile; their value is shown now. Check it and save again.'
    : error instanceof ApiError
      ? (error.problems.find((p) => p.pointer?.endsWith('/value'))?.detail ?? error.message)
      : error instanceof Error
        ? error.message
        : 'The change was not saved'

/** Shown at once, rolled back with the reason when refused; every custom field query refreshed either way. */
function useSaveField(
  entity: FieldEntity,
  id: string,
  setProblems: Dispatch<SetStateAction<Record<string, string>>>,
) {
  const queryClient = useQueryClient()
  const key = customFieldQueries.values(entity, id).queryKey
  return useMutation({
    mutationFn: ({
      definition,
      value,
      version,
    }: {
      definition: Definition
      value: unknown
      version?: number
    }) => customFieldApi.setValue(entity, id, definition.attributes.api_slug, value, version),
    onMutate: async ({ definition, value }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<ValuesDocument>(key)
      queryClient.setQueryData<ValuesDocument>(key, (old) => {
        if (!old) return old
        const rest = old.data.filter((f) => f.attributes.api_slug !== definition.attributes.api_slug)
        const optimistic = {
          id: `pending-${definition.id}`,
          type: 'custom_field',
          attributes: {
            api_slug: definition.attributes.api_slug,
            value: value as CustomField['attributes']['value'],
          },
        } as CustomField
        return { ...old, data: [...rest, optimistic] }
      })
      return { before }
    },
    onError: (error, { definition }, context) => {
      queryClient.setQueryData(key, context?.before)
      const words = problemOf(error)
      setProblems((p) => ({ ...p, [definition.id]: words }))
      showToast({ tone: 'failed', text: `${definition.attributes.display_name} was not saved: ${words}` })
    },
    onSuccess: (_, { definition }) => {
      setProblems(({ [definition.id]: _gone, ...rest }) => rest)
      showToast({ tone: 'done', text: `${definition.attributes.display_name} saved.` })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customFieldQueries.all() }),
  })
}

export function FieldsPanel({ entity, id, zone }: { entity: FieldEntity; id: string; zone: string }) {
  const { canWrite, reason } = useWriteAccess()
  const definitions = useQuery(customFieldQueries.definitions())
  const values = useQuery(customFieldQueries.values(entity, id))
  const [problems, setProblems] = useState<Record<string, string>>({})
  const save = useSaveField(entity, id, setProblems)
  const fields = definitions.data
    ? withOptions(definitions.data).filter((d) => d.attributes.entity_type === entity.definitionType)
    : undefined
  return (
    <section aria-labelledby={`fields-${id}`} className="panel fields-panel">
      <h2 id={`fields-${id}`}>Fields</h2>
      {definitions.error || values.error ? (
        <p className="field-error" role="alert">
          The custom fields could not be loaded: {problemOf(definitions.error ?? values.error)}
        </p>
      ) : !fields || !values.data ? (
        <p aria-busy="true">Loading fields…</p>
      ) : fields.length === 0 ? (
        <p className="muted">
          No custom fields are defined for {entity.path}. <Link to="/settings/custom-fields">Define one</Link>
          .
        </p>
      ) : (
        <dl className="fields-list">
          {fields.map((definition) => {
            const field = values.data.data.find(
              (f) => f.attributes.api_slug === definition.attributes.api_slug,
            )
            const problem = problems[definition.id]
            return (
              <div key={definition.id} className="field-row">
                <dt>
                  <label htmlFor={`field-${definition.id}`}>{definition.attributes.display_name}</label>
                </dt>
                <dd>
                  <FieldInput
                    definition={definition}
                    value={field?.attributes.value ?? null}
                    zone={zone}
                    problem={problem}
                    disabled={!canWrite}
                    onSave={(value) => save.mutate({ definition, value, version: versionOf(field) })}
                  />
                  {problem ? (
                    <p id={`field-${definition.id}-error`} className="field-error">
                      {problem}
                    </p>
                  ) : null}
                  {field && !field.id.startsWith('pending-') ? (
                    <History valueId={field.id} zone={zone} />
                  ) : null}
                </dd>
              </div>
            )
          })}
        </dl>
      )}
      {!canWrite ? <p className="muted small">Editing fields is not available: {reason}.</p> : null}
    </section>
  )
}

function History({ valueId, zone }: { valueId: string; zone: string }) {
  const [open, setOpen] = useState(false)
  const history = useQuery({ ...customFieldQueries.history(valueId), enabled: open })
  return (
    <details className="field-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>History</summary>
      {/* closed, nothing is loading: a closed history must not tell assistive technology the page is busy */}
      {!open ? null : history.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : history.error ? (
        <p className="field-error">{problemOf(history.error)}</p>
      ) : (
        <ul>
          {history.data.data.map((change) => (
            <li key={change.id}>
              {change.attributes.action === 'removed'
                ? 'Cleared'
                : `Set to ${change.attributes.display_value ?? JSON.stringify(change.attributes.value ?? null)}`}{' '}
              by {change.attributes.changed_by ?? 'the service'},{' '}
              <time dateTime={change.attributes.changed_at}>
                {formatInZone(change.attributes.changed_at, zone)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </details>
  )
}
