import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router-dom'
import { type Container, ContainerSchema } from '../../../contract/containers'
import { type Shipment, ShipmentListDocumentSchema } from '../../../contract/shipments'
import { api } from '../../api/api-client'
import { createIncludeGraph } from '../../api/include-graph'
import { useWriteAccess } from '../../components/access/write-access'
import { showToast } from '../../components/toast/toasts'
import { documentApi, documentQueries } from './document-queries'

type Links = { shipments: Shipment[]; containers: Container[] }

const searchQuery = (number: string) => ({
  queryKey: [...documentQueries.all(), 'link-search', number],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get('/shipments', ShipmentListDocumentSchema, {
      include: ['containers'],
      params: { q: number, 'page[size]': 5 },
      signal,
    }),
  enabled: number !== '',
})

/**
 * The shipments and containers the document belongs to, each removable, and a search by bill of lading,
 * reference or container number to link it to another. The links are saved at once with PATCH.
 */
export function LinkPicker({ documentId, links }: { documentId: string; links: Links }) {
  const queryClient = useQueryClient()
  const { canWrite } = useWriteAccess()
  const [number, setNumber] = useState('')
  const results = useQuery(searchQuery(number))
  const save = useMutation({
    mutationFn: (next: { shipments: string[]; containers: string[] }) =>
      documentApi.patch(documentId, {
        data: {
          type: 'document',
          id: documentId,
          relationships: {
            shipments: { data: next.shipments.map((id) => ({ type: 'shipment', id })) },
            cargos: { data: next.containers.map((id) => ({ type: 'container', id })) },
          },
        },
      }),
    onSuccess: async (_, next) => {
      showToast({
        tone: 'done',
        text: `Links saved: ${next.shipments.length} shipments, ${next.containers.length} containers.`,
      })
      await queryClient.invalidateQueries({ queryKey: documentQueries.detail(documentId).queryKey })
      void queryClient.invalidateQueries({ queryKey: [...documentQueries.all(), 'linked'] })
    },
    onError: (error) => showToast({ tone: 'failed', text: `The links were not saved: ${error.message}` }),
  })
  const current = {
    shipments: links.shipments.map((s) => s.id),
    containers: links.containers.map((c) => c.id),
  }
  const change = (kind: 'shipments' | 'containers', id: string, add: boolean) =>
    save.mutate({
      ...current,
      [kind]: add ? [...new Set([...current[kind], id])] : current[kind].filter((x) => x !== id),
    })
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setNumber(String(new FormData(event.currentTarget).get('number') ?? '').trim())
  }
  const graph = results.data ? createIncludeGraph(results.data) : undefined
  const disabled = !canWrite || save.isPending
  const removeButton = (kind: 'shipments' | 'containers', id: string, label: string) =>
    canWrite ? (
      <button
        type="button"
        className="link-button small"
        disabled={disabled}
        onClick={() => change(kind, id, false)}
      >
        Unlink<span className="visually-hidden"> {label}</span>
      </button>
    ) : null
  return (
    <section aria-labelledby="links-title">
      <h2 id="links-title">Linked to</h2>
      {links.shipments.length + links.containers.length === 0 ? (
        <p className="muted">No shipment or container of this account is linked yet.</p>
      ) : (
        <ul className="document-list">
          {links.shipments.map((s) => {
            const label = `Shipment ${s.attributes.bill_of_lading_number ?? s.id}`
            return (
              <li key={s.id}>
                <Link to={`/shipments/${s.id}`}>{label}</Link> {removeButton('shipments', s.id, label)}
              </li>
            )
          })}
          {links.containers.map((c) => {
            const label = `Container ${c.attributes.number ?? c.id}`
            return (
              <li key={c.id}>
                <Link to={`/containers/${c.id}`}>{label}</Link> {removeButton('containers', c.id, label)}
              </li>
            )
          })}
        </ul>
      )}
      {canWrite ? (
        <search>
          <form className="inline" onSubmit={search}>
            <label htmlFor="link-number">Link to a shipment or container</label>
            <input
              id="link-number"
              name="number"
              className="mono"
              placeholder="B/L, reference or container number"
            />
            <button type="submit" className="secondary">
              Find
            </button>
          </form>
        </search>
      ) : null}
      {number && results.isPending ? <p className="muted">Looking for {number}…</p> : null}
      {results.error ? (
        <p className="field-error" role="alert">
          The search failed: {results.error.message}
        </p>
      ) : null}
      {results.data && graph ? (
        results.data.data.length === 0 ? (
          <p className="muted" role="status">
            Nothing in this account matches {number}.
          </p>
        ) : (
          <ul className="document-list" aria-label="Matches">
            {results.data.data.map((shipment) => (
              <li key={shipment.id}>
                <button
                  type="button"
                  className="link-button"
                  disabled={disabled || current.shipments.includes(shipment.id)}
                  onClick={() => change('shipments', shipment.id, true)}
                >
                  Link shipment {shipment.attributes.bill_of_lading_number ?? shipment.id}
                </button>
                <ul>
                  {graph.many(shipment, 'containers', ContainerSchema).map((container) => (
                    <li key={container.id}>
                      <button
                        type="button"
                        className="link-button"
                        disabled={disabled || current.containers.includes(container.id)}
                        onClick={() => change('containers', container.id, true)}
                      >
                        Link container {container.attributes.number ?? container.id}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  )
}
