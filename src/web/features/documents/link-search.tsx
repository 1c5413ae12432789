import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import type { z } from 'zod/mini'
import { ContainerSchema } from '../../../contract/containers'
import { ShipmentListDocumentSchema } from '../../../contract/shipments'
import { api } from '../../api/api-client'
import { createIncludeGraph } from '../../api/include-graph'
import { documentQueries } from './document-queries'
import type { LinkControls } from './use-link-changes'

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

export function LinkSearch({ controls }: { controls: LinkControls }) {
  const [number, setNumber] = useState('')
  const results = useQuery(searchQuery(number))
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setNumber(String(new FormData(event.currentTarget).get('number') ?? '').trim())
  }
  return (
    <>
      {controls.canWrite ? (
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
      {results.data ? (
        results.data.data.length === 0 ? (
          <p className="muted" role="status">
            Nothing in this account matches {number}.
          </p>
        ) : (
          <LinkMatches document={results.data} controls={controls} />
        )
      ) : null}
    </>
  )
}

type ShipmentList = z.infer<typeof ShipmentListDocumentSchema>

function LinkMatches({ document, controls }: { document: ShipmentList; controls: LinkControls }) {
  const graph = createIncludeGraph(document)
  const { disabled, change, isLinked } = controls
  return (
    <ul className="document-list" aria-label="Matches">
      {document.data.map((shipment) => (
        <li key={shipment.id}>
          <button
            type="button"
            className="link-button"
            disabled={disabled || isLinked('shipments', shipment.id)}
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
                  disabled={disabled || isLinked('containers', container.id)}
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
}
