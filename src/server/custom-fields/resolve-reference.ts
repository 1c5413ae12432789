import { isUuid } from '../storage/reference-store'
import type { Stores } from '../storage/storage'

type Kind = 'shipment' | 'container' | 'party'

const KIND_OF_REFERENCE_TYPE: Record<string, Kind> = {
  shipment: 'shipment',
  container: 'container',
  cargo: 'container',
  party: 'party',
  customer: 'party',
}

const finders: Record<Kind, (storage: Stores, accountId: string, id: string) => Promise<string | undefined>> =
  {
    shipment: async (storage, accountId, id) =>
      (await storage.shipments.byIds(accountId, [id]))[0]?.bill_of_lading_number,
    container: async (storage, accountId, id) => (await storage.containers.byIds(accountId, [id]))[0]?.number,
    party: async (storage, accountId, id) => (await storage.parties.byIds(accountId, [id]))[0]?.company_name,
  }

export async function resolveReference(
  storage: Stores,
  accountId: string,
  referenceType: string | null,
  id: string,
): Promise<string | undefined> {
  if (!isUuid(id)) return undefined
  const only = referenceType ? KIND_OF_REFERENCE_TYPE[referenceType.trim().toLowerCase()] : undefined
  for (const kind of only ? [only] : (Object.keys(finders) as Kind[])) {
    const shown = await finders[kind](storage, accountId, id)
    if (shown !== undefined) return shown
  }
  return undefined
}
