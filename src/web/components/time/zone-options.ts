import { viewerZone } from './time-zone-setting'

/** Every zone the browser knows, the viewer's own first. */
export function zoneOptions(current = viewerZone()) {
  const zones = Intl.supportedValuesOf('timeZone')
  const all = zones.includes(current) ? zones : [current, ...zones]
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))
}
