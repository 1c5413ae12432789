type Column = { id: string; label: string; visible: boolean }

export function ColumnList({
  columns,
  onChange,
}: {
  columns: Column[]
  onChange: (next: { id: string; visible: boolean }[]) => void
}) {
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns]
    const [column] = next.splice(index, 1)
    next.splice(index + by, 0, column)
    onChange(next)
  }
  const toggle = (id: string) => {
    const next = columns.map((c) => (c.id === id ? { ...c, visible: !c.visible } : c))
    if (next.some((c) => c.visible)) onChange(next)
  }
  return (
    <fieldset>
      <legend>Show and order columns</legend>
      <ol className="plain">
        {columns.map((column, index) => (
          <li key={column.id}>
            <label>
              <input type="checkbox" checked={column.visible} onChange={() => toggle(column.id)} />{' '}
              {column.label}
            </label>
            <span className="move-buttons">
              <button
                type="button"
                className="icon-button"
                disabled={index === 0}
                aria-label={`Move ${column.label} earlier`}
                onClick={() => move(index, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="icon-button"
                disabled={index === columns.length - 1}
                aria-label={`Move ${column.label} later`}
                onClick={() => move(index, 1)}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
    </fieldset>
  )
}
