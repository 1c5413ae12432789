import { useQuery } from '@tanstack/react-query'
import { upstreamFreshnessQuery } from '../../api/upstream-freshness-query'
import { freshnessLine } from './upstream-freshness'

export function UpstreamFreshnessLine() {
  const { data } = useQuery(upstreamFreshnessQuery)
  if (!data) return null
  const line = freshnessLine(data, Date.now())
  return (
    <div className={line.problem ? 'banner banner-warning' : 'upstream-freshness'} role="status">
      {line.text}
    </div>
  )
}
