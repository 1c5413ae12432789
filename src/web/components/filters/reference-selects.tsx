import { useQuery } from '@tanstack/react-query'
import { referenceQueries } from '../../api/reference-queries'

/** It remounts when its options arrive, so it shows the carrier the URL names. */
export function CarrierFilter({ name = 'carrier', value }: { name?: string; value?: string }) {
  const lines = useQuery(referenceQueries.shippingLines())
  return (
    <label>
      Carrier
      <select name={name} defaultValue={value ?? ''} key={String(lines.isSuccess)}>
        <option value="">Any carrier</option>
        {value && !lines.data?.data.some((l) => l.attributes.scac === value) ? (
          <option value={value}>{value}</option>
        ) : null}
        {lines.data?.data.map((line) => (
          <option key={line.id} value={line.attributes.scac}>
            {line.attributes.name ?? line.attributes.scac} ({line.attributes.scac})
          </option>
        ))}
      </select>
    </label>
  )
}

export function CustomerFilter({ name = 'customer', value }: { name?: string; value?: string }) {
  const customers = useQuery(referenceQueries.customers())
  return (
    <label>
      Customer
      <select name={name} defaultValue={value ?? ''} key={String(customers.isSuccess)}>
        <option value="">Any customer</option>
        {value && !customers.data?.data.some((c) => c.id === value) ? (
          <option value={value}>Customer {value.slice(0, 8)}</option>
        ) : null}
        {customers.data?.data.map((party) => (
          <option key={party.id} value={party.id}>
            {party.attributes.company_name ?? party.id}
          </option>
        ))}
      </select>
    </label>
  )
}
