import { type ComponentProps, lazy, Suspense, useRef, useState } from 'react'

// the list of columns loads when the chooser first opens
const ColumnList = lazy(async () => ({ default: (await import('./column-list')).ColumnList }))

/** Escape closes it and gives focus back to its button. */
export function ColumnChooser(props: ComponentProps<typeof ColumnList>) {
  const [opened, setOpened] = useState(false)
  const details = useRef<HTMLDetailsElement>(null)
  return (
    <details
      ref={details}
      className="column-chooser"
      onToggle={(event) => event.currentTarget.open && setOpened(true)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !details.current?.open) return
        event.stopPropagation()
        details.current.open = false
        details.current.querySelector('summary')?.focus()
      }}
    >
      <summary>Columns</summary>
      {opened ? (
        <Suspense fallback={<p className="muted">Loading columns…</p>}>
          <ColumnList {...props} />
        </Suspense>
      ) : null}
    </details>
  )
}
