import { useQuery } from '@tanstack/react-query'
import { explain } from '../layout/explain-error'
import { Time } from '../time/time'
import { type HistoryTarget, historyQueries } from './history-queries'
import { actionWords, actorWords, changeLines } from './history-words'

/** Who changed this shipment or container, what, and when: newest first, times in the port's zone. */
export function ChangeHistory({ kind, id, zone }: { kind: HistoryTarget; id: string; zone?: string | null }) {
  const { data, error, isPending, refetch } = useQuery(historyQueries.forTarget(kind, id))
  const titleId = `${kind}-history-title`
  return (
    <section aria-labelledby={titleId} className="change-history">
      <h2 id={titleId}>Change history</h2>
      {error ? (
        <div className="error-panel" role="alert">
          <p>Couldn't load the history: {explain(error).title}</p>
          <button type="button" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : isPending ? (
        <p aria-busy="true" className="muted">
          Loading history…
        </p>
      ) : data.data.length === 0 ? (
        <p className="muted">No changes recorded yet</p>
      ) : (
        <ol className="history-list">
          {data.data.map((event) => {
            const a = event.attributes
            const { who, where } = actorWords(a)
            return (
              <li key={event.id}>
                <p>
                  <strong>{who}</strong> {actionWords(a.action)}
                  {where ? <span className="muted"> {where}</span> : null}
                  <span className="muted">
                    {' · '}
                    <Time value={a.occurred_at} zone={zone} />
                  </span>
                </p>
                <ul className="history-changes">
                  {changeLines(a).map((line) => (
                    <li key={line.field}>
                      {line.field}: <span className="history-before">{line.before}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="visually-hidden"> changed to </span>
                      <span className="history-after">{line.after}</span>
                    </li>
                  ))}
                </ul>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
