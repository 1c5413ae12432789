import type { Container } from '../../../contract/containers'
import { detentionProjection, returnZoneOf } from '../../../contract/detention'
import { serviceNow } from '../../api/service-clock'
import { money } from '../../components/status/fees'
import { emptyCountdownWords } from '../../components/time/empty-countdown'
import { Time } from '../../components/time/time'

const dayRange = (tiers: { from_day: number }[], index: number) => {
  const next = tiers[index + 1]?.from_day
  const from = tiers[index].from_day
  return next === undefined
    ? `Day ${from} on`
    : next - 1 === from
      ? `Day ${from}`
      : `Days ${from}–${next - 1}`
}

/** The empty's deadline, detention today and each further day, by the line's tariff and where it comes from. */
export function ContainerDetention({ a, now = serviceNow() }: { a: Container['attributes']; now?: Date }) {
  const detention = detentionProjection(a, now)
  if (!detention) return null
  const tiers = [...detention.tiers].sort((x, y) => x.from_day - y.from_day)
  const countdown = emptyCountdownWords(a, now)
  const tariff = a.detention_tariff
  return (
    <section aria-labelledby="detention-title">
      <h2 id="detention-title">Empty return and detention</h2>
      <p>
        Return the empty by <Time value={detention.deadline} zone={returnZoneOf(a)} />
        {countdown ? ` · ${countdown.short}` : ''}
        {tariff ? (
          <span className="muted small">
            {' '}
            ({tariff.free_days} free days from pickup{tariff.weekends_excluded ? ', weekends excluded' : ''})
          </span>
        ) : null}
      </p>
      <p className="projection">
        {detention.returned ? 'Detention, returned: ' : 'Returned today: '}
        <strong>{money(detention.cost, detention.currency)}</strong>
        {detention.returned ? null : (
          <>
            {'; each further day: '}
            <strong>{money(detention.perDay, detention.currency)}</strong>
          </>
        )}
      </p>
      <table aria-labelledby="detention-title">
        <thead>
          <tr>
            <th scope="col">Days past the deadline</th>
            <th scope="col">Per day</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, index) => (
            <tr key={tier.from_day}>
              <td>{dayRange(tiers, index)}</td>
              <td className="number">{money(tier.per_day, detention.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {detention.source ? <p className="muted small">{detention.source}</p> : null}
    </section>
  )
}
