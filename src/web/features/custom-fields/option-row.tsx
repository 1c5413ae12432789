import type { CustomFieldOption } from '../../../contract/custom-fields'

const uses = (count: number) => `${count} value${count === 1 ? '' : 's'}`

function OptionLabel({
  label,
  index,
  busy,
  onRename,
}: {
  label: string
  index: number
  busy: boolean
  onRename: (label: string) => void
}) {
  return (
    <input
      aria-label={`Label of option ${index + 1}`}
      defaultValue={label}
      disabled={busy}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur()
        if (event.key === 'Escape') event.currentTarget.value = label
      }}
      onBlur={(event) => {
        const renamed = event.currentTarget.value.trim()
        if (renamed && renamed !== label) onRename(renamed)
      }}
    />
  )
}

/** The drag handle also moves by Alt+Up and Alt+Down. */
export function OptionRow({
  option,
  index,
  count,
  busy,
  onDragStart,
  onDrop,
  onMove,
  onRename,
  onDelete,
}: {
  option: CustomFieldOption
  index: number
  count: number
  busy: boolean
  onDragStart: () => void
  onDrop: () => void
  onMove: (from: number, to: number) => void
  onRename: (label: string) => void
  onDelete: () => void
}) {
  const { label, value, value_count } = option.attributes
  return (
    <li
      draggable={!busy}
      onDragStart={onDragStart}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault()
        onDrop()
      }}
      className="option-row"
    >
      <button
        type="button"
        className="secondary drag-handle"
        aria-label={`Move ${label}: position ${index + 1} of ${count}`}
        onKeyDown={(event) => {
          // never disabled while saving: a disabled button would lose the keyboard's focus
          if (!event.altKey || busy) return
          if (event.key === 'ArrowUp') onMove(index, index - 1)
          if (event.key === 'ArrowDown') onMove(index, index + 1)
        }}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <OptionLabel label={label} index={index} busy={busy} onRename={onRename} />
      <span className="muted small mono">{value}</span>
      <span className="muted small">{uses(value_count ?? 0)}</span>
      <button
        type="button"
        className="secondary"
        disabled={busy || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        Move up<span className="visually-hidden"> {label}</span>
      </button>
      <button
        type="button"
        className="secondary"
        disabled={busy || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        Move down<span className="visually-hidden"> {label}</span>
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={onDelete}>
        Delete<span className="visually-hidden"> {label}</span>
      </button>
    </li>
  )
}

export function DeleteOptionConfirm({
  option,
  dataType,
  onDelete,
  onKeep,
}: {
  option: CustomFieldOption
  dataType: string
  onDelete: () => void
  onKeep: () => void
}) {
  const held = option.attributes.value_count ?? 0
  return (
    <div role="alertdialog" aria-labelledby="delete-option-title" className="confirm-panel">
      <p id="delete-option-title">
        Delete {option.attributes.label}?{' '}
        {held === 0
          ? 'No values use it.'
          : `${uses(held)} use it: ${
              dataType === 'enum'
                ? 'they will be cleared'
                : 'it will be taken out of them, and their other options kept'
            }. Each change is kept in the value's history.`}
      </p>
      <button type="button" onClick={onDelete}>
        Delete option
      </button>{' '}
      <button type="button" className="secondary" onClick={onKeep}>
        Keep it
      </button>
    </div>
  )
}
