import type { pageInfo } from '../../api/pagination'
import { PAGE_SIZES } from './use-table-url-state'

export type PagerProps = {
  /** Nothing shows until it is known. */
  info?: ReturnType<typeof pageInfo>
  size: number
  onPage: (page: number) => void
  onSize?: (size: number) => void
  sizes?: readonly number[]
}

export function Pager({ info, size, onPage, onSize, sizes = PAGE_SIZES }: PagerProps) {
  if (!info) return null
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" disabled={!info.hasPrev} onClick={() => onPage(info.current - 1)}>
        Previous
      </button>
      <span>
        Page {info.current} of {info.last}
      </span>
      <button type="button" disabled={!info.hasNext} onClick={() => onPage(info.current + 1)}>
        Next
      </button>
      {onSize ? (
        <label>
          Rows per page{' '}
          <select value={size} onChange={(event) => onSize(Number(event.target.value))}>
            {sizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </nav>
  )
}
