import type { Container } from '../../../contract/containers'

/** The service's own total line if it sent one. */
export function feeTotal(container: Container) {
  const fees = container.attributes.fees_at_pod_terminal ?? []
  const total = fees.find((fee) => fee.type === 'total')
  const items = fees.filter((fee) => fee.type !== 'total')
  if (!total && items.length === 0) return undefined
  return {
    amount: total?.amount ?? items.reduce((sum, fee) => sum + (fee.amount ?? 0), 0),
    currency: total?.currency_code ?? items[0]?.currency_code ?? 'USD',
  }
}

export const money = (amount: number | null | undefined, currency: string | null | undefined) => {
  if (amount === null || amount === undefined) return '—'
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).format(amount)
  } catch {
    return `${amount} ${currency}`
  }
}
