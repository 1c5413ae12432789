export function FilterActions({ active, onClear }: { active: boolean; onClear: () => void }) {
  return (
    <div className="filter-actions">
      <button type="submit">Apply filters</button>
      {active ? (
        <button type="button" className="secondary" onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </div>
  )
}
