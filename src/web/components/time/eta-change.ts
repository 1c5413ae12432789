import type { Shipment } from '../../../contract/shipments'

export function etaChange(shipment: Shipment) {
  const { pod_eta_at: eta, pod_original_eta_at: original } = shipment.attributes
  if (!eta || !original) return undefined
  const hours = Math.round((Date.parse(eta) - Date.parse(original)) / 3_600_000)
  if (!Number.isFinite(hours) || hours === 0) return undefined
  const size = Math.abs(hours) < 24 ? `${Math.abs(hours)} h` : `${Math.round(Math.abs(hours) / 24)} d`
  return `${hours > 0 ? '+' : '−'}${size} vs original${hours > 0 ? ' (later)' : ' (earlier)'}`
}
