import { useQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { upstreamFreshnessQuery } from '../../api/upstream-freshness-query'
import { lazyOr } from '../lazy-or'

// only a connected account has a line to show, so the wording loads then, not on every first page
const UpstreamFreshnessText = lazyOr(
  async () => (await import('./upstream-freshness-text')).UpstreamFreshnessText,
  () => null,
)

export function UpstreamFreshnessLine() {
  const { data } = useQuery(upstreamFreshnessQuery)
  if (!data) return null
  return (
    <Suspense fallback={null}>
      <UpstreamFreshnessText freshness={data} />
    </Suspense>
  )
}
