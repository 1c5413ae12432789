import { PAGE_SIZES } from './use-table-url-state'

export type PagerProps = {
  page: number
  last: number
  size: number
  onPage: (page: number) => void
  /** Offers a choice of page size when given. */
  onSize?: (size: number) => void
  sizes?: readonly number[]
  hasNext?: boolean
}

/** Previous and Next with where you are, and the page size; it hides when one page holds everything. */
export function Pager({ page, last, size, onPage, onSize, sizes = PAGE_SIZES, hasNext }: PagerProps) {
  if (last <= 1 && page <= 1 && !onSize) return null
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {last}
      </span>
      <button type="button" disabled={!(hasNext ?? page < last)} onClick={() => onPage(page + 1)}>
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
