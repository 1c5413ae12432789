import { type FormEvent, lazy, Suspense, useState } from 'react'
import { FILTER_NAMES, type TerminalChoice } from './board-filter-names'
import type { BoardParams } from './board-queries'

type Changes = Record<string, string | undefined>

// the option lists load when the panel first opens, or at once when a filter is set
const BoardFilterFields = lazy(async () => ({
  default: (await import('./board-filter-fields')).BoardFilterFields,
}))

/** Applying goes back to the first page. */
export function BoardFilters({
  params,
  terminals,
  onApply,
}: {
  params: BoardParams
  terminals: TerminalChoice[]
  onApply: (changes: Changes) => void
}) {
  const active = FILTER_NAMES.some((name) => params[name] !== undefined)
  const [opened, setOpened] = useState(false)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const changes: Changes = { page: undefined }
    for (const name of FILTER_NAMES)
      changes[name] = form.has(name) ? String(form.get(name) ?? '').trim() || undefined : params[name]
    onApply(changes)
  }
  // remount when the URL changes, so the fields show what the URL says
  const key = FILTER_NAMES.map((name) => params[name] ?? '').join('|')
  return (
    <form className="filters" onSubmit={submit} key={key}>
      <details open={active} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
        <summary>Filters{active ? ' (active)' : ''}</summary>
        {active || opened ? (
          <Suspense fallback={<p className="muted">Loading filters…</p>}>
            <BoardFilterFields params={params} terminals={terminals} active={active} onApply={onApply} />
          </Suspense>
        ) : null}
      </details>
    </form>
  )
}
