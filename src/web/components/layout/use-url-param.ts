import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'

/** Set in place (no new history entry); `undefined` removes it. */
export function useUrlParam(name: string) {
  const [search, setSearch] = useSearchParams()
  const set = useCallback(
    (value: string | undefined) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current)
          if (value) next.set(name, value)
          else next.delete(name)
          return next
        },
        { replace: true },
      ),
    [name, setSearch],
  )
  return [search.get(name) ?? undefined, set] as const
}
