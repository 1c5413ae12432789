import { normalizeContainerNumber } from '../../contract/container-number'
import { type ApiReader, ApiRefusal } from './api-client'
import { isUuid, type OneBody, type Resource } from './json-api'
import { ToolRefusal } from './tool-kit'

const notTracked = (what: string) =>
  `No container ${what} in this account. Find it with search_container, or track it with track_container.`

async function searchHit(reader: ApiReader, text: string, entityType: 'cargo' | 'shipment') {
  const { body } = await reader.get<{ data: Resource[] }>(`/v2/search?query=${encodeURIComponent(text)}`)
  const upper = text.toUpperCase()
  return body.data.find(
    (hit) =>
      hit.attributes.entity_type === entityType &&
      (hit.attributes.number === upper || (hit.attributes.ref_numbers ?? []).includes(text)),
  )
}

const orNotFound = async <T>(read: () => Promise<T>, words: string) => {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 404) throw new ToolRefusal(words)
    throw error
  }
}

/** By Quayside id or by container number; another account's container is simply not found. */
export async function findContainer(
  reader: ApiReader,
  idOrNumber: string,
  include = 'shipment,pod_terminal',
) {
  const given = idOrNumber.trim()
  let id = given
  if (!isUuid(given)) {
    const number = normalizeContainerNumber(given)
    const hit = number ? await searchHit(reader, number, 'cargo') : undefined
    if (!hit) throw new ToolRefusal(notTracked(number || given))
    id = hit.id
  }
  return orNotFound(() => reader.get<OneBody>(`/v2/containers/${id}?include=${include}`), notTracked(given))
}

/** By Quayside id, bill of lading, booking or reference number. */
export async function findShipment(reader: ApiReader, idOrNumber: string, include: string) {
  const given = idOrNumber.trim()
  const words = `No shipment ${given} in this account. Find it with search_container, or track it with track_container.`
  let id = given
  if (!isUuid(given)) {
    const hit = await searchHit(reader, given, 'shipment')
    if (!hit) throw new ToolRefusal(words)
    id = hit.id
  }
  return orNotFound(() => reader.get<OneBody>(`/v2/shipments/${id}?include=${include}`), words)
}
