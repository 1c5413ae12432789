import { Link } from 'react-router-dom'
import { BOARD_TABS, type BoardTab } from '../../../contract/container-board'

const LABELS: Record<BoardTab, string> = {
  attention: 'Needs attention',
  on_hold: 'On hold',
  available: 'Available',
  lfd_soon: 'LFD ≤ N days',
  overdue: 'Overdue',
  arriving: 'Arriving this week',
  done: 'Picked up / returned',
  empty_due: 'Empty due ≤ N days',
  empty_overdue: 'Empty overdue',
}
const DAY_CHOICES = [0, 1, 2, 3, 5, 7, 14]

const within = (days: number) => (days === 0 ? 'today' : `≤ ${days} day${days === 1 ? '' : 's'}`)

/** The last free day and the empty's deadline share one "within N days". */
export const tabLabel = (tab: BoardTab, days: number) =>
  tab === 'lfd_soon' ? `LFD ${within(days)}` : tab === 'empty_due' ? `Empty due ${within(days)}` : LABELS[tab]

export function BoardTabs({
  tab,
  days,
  counts,
  search,
  onDays,
}: {
  tab: BoardTab
  days: number
  counts?: Partial<Record<BoardTab, number>>
  search: URLSearchParams
  onDays: (days: number) => void
}) {
  const hrefFor = (next: BoardTab) => {
    const params = new URLSearchParams(search)
    params.delete('page')
    params.delete('sort')
    if (next === 'attention') params.delete('tab')
    else params.set('tab', next)
    return `?${params}`
  }
  return (
    <div className="board-tabs">
      <nav aria-label="Board views">
        <ul>
          {BOARD_TABS.map((item) => (
            <li key={item}>
              <Link to={hrefFor(item)} aria-current={item === tab ? 'page' : undefined}>
                {tabLabel(item, days)}{' '}
                <span className="count">
                  {counts?.[item] ?? <span className="muted">…</span>}
                  <span className="visually-hidden"> containers</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <label className="days-choice">
        Due within{' '}
        <select value={days} onChange={(event) => onDays(Number(event.target.value))}>
          {[...new Set([...DAY_CHOICES, days])]
            .sort((a, b) => a - b)
            .map((n) => (
              <option key={n} value={n}>
                {n === 0 ? 'today' : `${n} day${n === 1 ? '' : 's'}`}
              </option>
            ))}
        </select>
      </label>
    </div>
  )
}
