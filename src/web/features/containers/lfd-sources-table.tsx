import type { Container } from '../../../contract/containers'
import { countingLfd, isStaleSource, type LfdSource, lfdSourcesOf } from '../../../contract/lfd-sources'
import { LocalDate, Time } from '../../components/time/time'

const SOURCE_NAMES: Record<string, string> = {
  person: "A person's correction",
  terminal: 'Terminal',
  rail: 'Railroad',
  document: 'Arrival notice',
  line: 'Shipping line',
}

function setByWords(source: LfdSource) {
  const on = source.document_name ? ` on ${source.document_name}` : ''
  switch (source.kind) {
    case 'person':
      return `Corrected by a person${source.by ? ` (API key “${source.by}”)` : ''}${on}`
    case 'document':
      return `Read on the arrival notice${source.document_name ? ` ${source.document_name}` : ''}`
    case 'rail':
      return 'Set by the railroad'
    case 'line':
      return 'Set by the shipping line'
    default:
      return 'Set by the terminal'
  }
}

export function LfdSources({ a, zone, now }: { a: Container['attributes']; zone: string; now: Date }) {
  const sources = a.lfd_sources ?? lfdSourcesOf(a)
  const counts = countingLfd({ ...a, lfd_sources: sources })
  if (!counts) return null
  const counting = (s: LfdSource) => s.kind === counts.source.kind && s.value === counts.source.value
  return (
    <>
      <p>
        {setByWords(counts.source)}, and it counts: {counts.why}.
        {isStaleSource(counts.source, now) ? ' It has not been checked lately, so it is unconfirmed.' : ''}
      </p>
      <table aria-label="Last free day sources" className="lfd-sources">
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Last free day</th>
            <th scope="col">Last checked</th>
            <th scope="col">Counts</th>
          </tr>
        </thead>
        <tbody>
          {sources.map((s) => (
            <tr key={`${s.kind}-${s.document_id ?? ''}`}>
              <th scope="row">
                {SOURCE_NAMES[s.kind] ?? s.kind}
                {s.kind === 'person' || s.kind === 'document' ? (
                  <span className="muted"> ({setByWords(s)})</span>
                ) : null}
              </th>
              <td>
                <LocalDate value={s.value} zone={zone} />
              </td>
              <td>
                <Time value={s.checked_at} zone={zone} fallback="Not known" />
                {isStaleSource(s, now) ? <strong> · stale, unconfirmed</strong> : null}
              </td>
              <td>{counting(s) ? '✔ Counts' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
