import type { Container } from '../../../contract/containers'
import type { Shipment } from '../../../contract/shipments'

type Row = { shipment: Shipment; containers: Container[] }
export type SearchMatch = {
  on: 'bill of lading' | 'reference' | 'container' | 'customer' | 'vessel'
  text: string
}

const holdsWords = (text: string | null | undefined, q: string) => {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  return Boolean(text) && words.length > 0 && words.every((word) => text!.toLowerCase().includes(word))
}

/** As the service matches `q`: a number holding it, else a customer's or vessel's name holding each word. */
export function searchMatch({ shipment, containers }: Row, q: string): SearchMatch | undefined {
  const wanted = q.trim().toUpperCase()
  if (!wanted) return undefined
  const a = shipment.attributes
  const numbers: [SearchMatch['on'], string | null | undefined][] = [
    ['bill of lading', a.bill_of_lading_number],
    ['bill of lading', a.normalized_number],
    ...(a.ref_numbers ?? []).map((n): [SearchMatch['on'], string] => ['reference', n]),
    ...containers.map((c): [SearchMatch['on'], string | null | undefined] => [
      'container',
      c.attributes.number,
    ]),
  ]
  const number = numbers.find(([, n]) => n?.toUpperCase().includes(wanted))
  if (number) return { on: number[0], text: number[1]! }
  if (holdsWords(a.customer_name, q)) return { on: 'customer', text: a.customer_name! }
  if (holdsWords(a.pod_vessel_name, q)) return { on: 'vessel', text: a.pod_vessel_name! }
  return undefined
}
