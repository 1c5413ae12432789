import type { UpstreamFreshness } from '../../../contract/account'
import { freshnessLine } from './upstream-freshness'

export function UpstreamFreshnessText({ freshness }: { freshness: UpstreamFreshness }) {
  const line = freshnessLine(freshness, Date.now())
  return (
    <div className={line.problem ? 'banner banner-warning' : 'upstream-freshness'} role="status">
      {line.text}
    </div>
  )
}
