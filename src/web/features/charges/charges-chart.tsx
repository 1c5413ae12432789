import { useEffect, useState } from 'react'
import { money } from '../../components/status/fees'
import { type ChargeLine, chargeSum } from './charge-lines'

type Part = { key: 'ds' | 'da' | 'ts' | 'ta'; label: string; value: (line: ChargeLine) => number }

const PARTS: Part[] = [
  { key: 'ds', label: 'Demurrage settled', value: (l) => l.demurrage_settled },
  { key: 'da', label: 'Demurrage accruing', value: (l) => l.demurrage_accruing },
  { key: 'ts', label: 'Detention settled', value: (l) => l.detention_settled ?? 0 },
  { key: 'ta', label: 'Detention accruing', value: (l) => l.detention_accruing ?? 0 },
]
const FILL = {
  ds: 'url(#charge-solid)',
  da: 'url(#charge-hatch)',
  ts: 'url(#charge-grey)',
  ta: 'url(#charge-dots)',
}

const PHONE = '(max-width: 40rem)'
const useCompact = () => {
  const [compact, setCompact] = useState(() => window.matchMedia(PHONE).matches)
  useEffect(() => {
    const query = window.matchMedia(PHONE)
    const change = () => setCompact(query.matches)
    query.addEventListener('change', change)
    return () => query.removeEventListener('change', change)
  }, [])
  return compact
}

function Patterns() {
  return (
    <defs>
      <pattern id="charge-solid" width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" className="chart-ink" />
      </pattern>
      <pattern
        id="charge-hatch"
        width="6"
        height="6"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="6" height="6" className="chart-paper" />
        <rect width="2.5" height="6" className="chart-ink" />
      </pattern>
      <pattern id="charge-grey" width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" className="chart-muted" />
      </pattern>
      <pattern id="charge-dots" width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" className="chart-paper" />
        <circle cx="3" cy="3" r="1.6" className="chart-muted" />
      </pattern>
    </defs>
  )
}

const words = (line: ChargeLine) =>
  `${line.name}: ${PARTS.filter((p) => p.value(line) > 0)
    .map((p) => `${p.label.toLowerCase()} ${money(p.value(line), line.currency)}`)
    .join(', ')}; in all ${money(chargeSum(line), line.currency)}`

/** Stacked bars, one per group in the period's main currency; patterns and words say what colour does. */
export function ChargesChart({ lines, groupNoun }: { lines: ChargeLine[]; groupNoun: string }) {
  const compact = useCompact()
  const currency = lines.find((l) => l.total)?.currency
  const shown = lines.filter((l) => !l.total && l.currency === currency && chargeSum(l) > 0)
  const bars = shown.slice(0, compact ? 6 : 15)
  if (bars.length === 0) return null
  const width = compact ? 340 : 640
  const amountWidth = 96
  const max = Math.max(...bars.map(chargeSum))
  const scale = (width - amountWidth) / max
  const rowHeight = 40
  return (
    <figure className="charges-chart">
      <svg width="0" height="0" aria-hidden="true" className="chart-defs">
        <Patterns />
      </svg>
      <figcaption>
        Charges per {groupNoun} in {currency}, largest first
        {shown.length > bars.length
          ? ` (the ${bars.length} largest of ${shown.length}; all are in the table)`
          : ''}
      </figcaption>
      <ul className="chart-legend">
        {PARTS.map((part) => (
          <li key={part.key}>
            <svg width="18" height="12" aria-hidden="true">
              <rect width="18" height="12" fill={FILL[part.key]} className="chart-edge" />
            </svg>
            {part.label}
          </li>
        ))}
      </ul>
      <svg
        role="img"
        aria-labelledby="charges-chart-title charges-chart-words"
        width={width}
        height={bars.length * rowHeight}
        viewBox={`0 0 ${width} ${bars.length * rowHeight}`}
      >
        <title id="charges-chart-title">{`Charges per ${groupNoun} in ${currency}`}</title>
        <desc id="charges-chart-words">{bars.map(words).join('. ')}</desc>
        {bars.map((line, index) => {
          let x = 0
          const y = index * rowHeight
          return (
            <g key={line.id}>
              <title>{words(line)}</title>
              <text x={0} y={y + 13} className="chart-label">
                {line.name}
              </text>
              {PARTS.map((part) => {
                const w = part.value(line) * scale
                const rect = w > 0 && (
                  <rect
                    key={part.key}
                    x={x}
                    y={y + 18}
                    width={w}
                    height={16}
                    fill={FILL[part.key]}
                    className="chart-edge"
                  />
                )
                x += w
                return rect
              })}
              <text x={x + 6} y={y + 31} className="chart-amount">
                {money(chargeSum(line), line.currency)}
              </text>
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
