import type { Reading } from './reading-words'

/** Colour only as a third sign. */
export function ReadingBadge({ reading }: { reading: Reading }) {
  return (
    <span className={`reading-badge reading-${reading.state}`}>
      <span aria-hidden="true">{reading.mark} </span>
      {reading.words}
    </span>
  )
}
