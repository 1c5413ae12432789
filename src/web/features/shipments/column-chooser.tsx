import { type ComponentProps, lazy, Suspense, useState } from 'react'

// the list of columns loads when the chooser first opens
const ColumnList = lazy(async () => ({ default: (await import('./column-list')).ColumnList }))

/** Choose which columns show and in what order. */
export function ColumnChooser(props: ComponentProps<typeof ColumnList>) {
  const [opened, setOpened] = useState(false)
  return (
    <details className="column-chooser" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>Columns</summary>
      {opened ? (
        <Suspense fallback={<p className="muted">Loading columns…</p>}>
          <ColumnList {...props} />
        </Suspense>
      ) : null}
    </details>
  )
}
