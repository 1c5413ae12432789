import { Link } from 'react-router-dom'
import { holdsLine } from '../../../contract/container-state'
import type { Container } from '../../../contract/containers'
import type { DataColumn } from '../data-table/data-table'
import { LocalDate } from '../time/time'

type ContainerRow = { container: Container }

/** A list's first column: the container number, linked to its page; it heads the card on a phone. */
export const containerNumberColumn = <Row extends ContainerRow, F extends string>(
  sortField?: F,
): DataColumn<Row, F> => ({
  id: 'container',
  header: 'Container',
  width: 8,
  ...(sortField ? { sortField } : {}),
  phone: 'title',
  cell: ({ container }) => (
    <Link to={`/containers/${container.id}`} className="mono">
      {container.attributes.number}
    </Link>
  ),
})

/** The terminal's holds on a container, in words. */
export const holdsColumn = <Row extends ContainerRow, F extends string>(): DataColumn<Row, F> => ({
  id: 'holds',
  header: 'Holds',
  width: 8,
  cell: ({ container }) => holdsLine(container.attributes) || <span className="muted">None</span>,
})

/** The last free day as a date in the terminal's zone, or a dash while there is none. */
export function LastFreeDay(props: { lfd?: string | null; zone?: string | null; muted?: boolean }) {
  if (!props.lfd) return <span className="muted">—</span>
  const date = <LocalDate value={props.lfd} zone={props.zone} />
  return props.muted ? <span className="muted">{date}</span> : date
}
