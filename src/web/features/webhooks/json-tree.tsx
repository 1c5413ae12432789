export function JsonTree({ value, label, open }: { value: unknown; label: string; open?: boolean }) {
  if (value === null || typeof value !== 'object')
    return (
      <div className="json-leaf">
        <span className="json-key">{label}</span>: <span className="mono">{JSON.stringify(value)}</span>
      </div>
    )
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value as Record<string, unknown>)
  const size = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`
  return (
    <details className="json-node" open={open}>
      <summary>
        <span className="json-key">{label}</span> <span className="muted">{size}</span>
      </summary>
      <div className="json-children">
        {entries.map(([key, item]) => (
          <JsonTree key={key} value={item} label={key} />
        ))}
      </div>
    </details>
  )
}
