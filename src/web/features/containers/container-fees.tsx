import type { Container } from '../../../contract/containers'
import { money } from '../../components/status/fees'

const FEE_WORDS: Record<string, string> = {
  demurrage: 'Demurrage',
  exam: 'Exam',
  extended_dwell_time: 'Extended dwell time',
  other: 'Other',
}

/** The terminal's own total, when it gives one. */
export function ContainerFees({ a }: { a: Container['attributes'] }) {
  const fees = (a.fees_at_pod_terminal ?? []).filter((fee) => fee.type !== 'total')
  const total = a.fees_at_pod_terminal?.find((fee) => fee.type === 'total')
  return (
    <section aria-labelledby="fees-title">
      <h2 id="fees-title">Fees</h2>
      {fees.length === 0 ? (
        <p>No fees.</p>
      ) : (
        <table aria-labelledby="fees-title">
          <thead>
            <tr>
              <th scope="col">Fee</th>
              <th scope="col">Currency</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {fees.map((fee) => (
              <tr key={fee.type}>
                <td>{FEE_WORDS[fee.type] ?? fee.type.replaceAll('_', ' ')}</td>
                <td>{fee.currency_code ?? 'USD'}</td>
                <td className="number">{money(fee.amount, fee.currency_code)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{total?.currency_code ?? fees[0]?.currency_code ?? 'USD'}</td>
              <td className="number">
                {money(
                  total?.amount ?? fees.reduce((sum, fee) => sum + (fee.amount ?? 0), 0),
                  fees[0]?.currency_code,
                )}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  )
}
