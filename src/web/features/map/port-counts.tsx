import { Link } from 'react-router-dom'
import type { PortWithContainers } from '../../../contract/ports'

const TABS = [
  ['available', 'available'],
  ['on_hold', 'on hold'],
  ['overdue', 'overdue'],
] as const

type Counts = { available: number; on_hold: number; overdue: number }

function CountLinks({ counts, terminalId }: { counts: Counts; terminalId: string }) {
  return (
    <>
      {TABS.map(([tab, words], i) => (
        <span key={tab}>
          {i > 0 ? ', ' : ''}
          <Link to={`/?tab=${tab}&terminal=${terminalId}`}>
            {counts[tab]} {words}
          </Link>
        </span>
      ))}
    </>
  )
}

export function PortCounts({ port }: { port: PortWithContainers }) {
  const terminals = port.attributes.terminals ?? []
  return (
    <div className="port-counts">
      <strong>
        {port.attributes.name} ({port.attributes.code})
      </strong>
      <ul>
        {terminals.map((terminal) => (
          <li key={terminal.id}>
            {terminal.name ?? 'Terminal'}:{' '}
            <CountLinks counts={terminal.container_counts} terminalId={terminal.id} />
          </li>
        ))}
      </ul>
    </div>
  )
}
