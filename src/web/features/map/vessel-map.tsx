import 'leaflet/dist/leaflet.css'
import { useEffect, useMemo, useRef } from 'react'
import { CircleMarker, MapContainer, Pane, Polyline, Popup, TileLayer, Tooltip, useMap } from 'react-leaflet'
import type { PortWithContainers } from '../../../contract/ports'
import { Basemap } from './basemap'
import { type MapVessel, placeAt } from './map-model'
import { PortCounts } from './port-counts'
import { VesselCanvasLayer } from './vessel-canvas-layer'

type MapTiles = { url: string; attribution: string }

// Leaflet writes attributions as HTML; the server's is text
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

type Props = {
  vessels: MapVessel[]
  ports?: PortWithContainers[]
  at: number
  selected?: MapVessel
  onSelect: (id: string) => void
  tiles?: MapTiles | null
}

function Vessels({ vessels, at, selected, onSelect }: Omit<Props, 'tiles' | 'ports'>) {
  const map = useMap()
  const select = useRef(onSelect)
  select.current = onSelect
  const layer = useMemo(() => new VesselCanvasLayer((id) => select.current(id)), [])
  useEffect(() => {
    layer.addTo(map)
    return () => {
      layer.remove()
    }
  }, [layer, map])
  useEffect(() => {
    layer.setVessels(
      vessels.map((vessel) => ({
        id: vessel.id,
        name: vessel.name,
        state: vessel.state,
        ...placeAt(vessel, at),
      })),
      selected?.id,
    )
  }, [layer, vessels, at, selected?.id])
  return null
}

/** Brings a vessel chosen elsewhere (the list, a link) into view once. */
function FollowSelection({ vessel }: { vessel?: MapVessel }) {
  const map = useMap()
  const id = vessel?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection moves the map
  useEffect(() => {
    if (vessel) map.setView([vessel.lat, vessel.lon], Math.max(map.getZoom(), 4))
  }, [id, map])
  return null
}

function SelectedRoute({ vessel, at }: { vessel: MapVessel; at: number }) {
  const port = vessel.nextPort
  const ahead = vessel.path.filter((p) => p.at >= at).map((p): [number, number] => [p.lat, p.lon])
  const placed = placeAt(vessel, at)
  return (
    <>
      {ahead.length > 0 ? (
        <Polyline
          positions={[[placed.lat, placed.lon], ...ahead]}
          pathOptions={{ color: '#0d47a1', weight: 2, dashArray: '6 6' }}
          interactive={false}
        />
      ) : null}
      {port?.lat != null && port.lon != null ? (
        <CircleMarker
          center={[port.lat, port.lon]}
          radius={6}
          pathOptions={{ color: '#0d47a1', fillOpacity: 0.9 }}
        >
          <Tooltip permanent direction="right">
            {port.name}
          </Tooltip>
        </CircleMarker>
      ) : null}
    </>
  )
}

function Ports({ ports }: { ports: PortWithContainers[] }) {
  return (
    <>
      {ports.map((port) => {
        const { latitude, longitude, container_counts: counts } = port.attributes
        if (latitude == null || longitude == null) return null
        const total = (counts?.available ?? 0) + (counts?.on_hold ?? 0) + (counts?.overdue ?? 0)
        return (
          <CircleMarker
            key={port.id}
            center={[latitude, longitude]}
            radius={5 + Math.min(8, Math.sqrt(total))}
            pathOptions={{ color: '#4a148c', weight: 2, fillColor: '#ffffff', fillOpacity: 0.9 }}
          >
            <Tooltip>{`${port.attributes.name}: ${counts?.available ?? 0} available, ${counts?.on_hold ?? 0} on hold, ${counts?.overdue ?? 0} overdue`}</Tooltip>
            <Popup>
              <PortCounts port={port} />
            </Popup>
          </CircleMarker>
        )
      })}
    </>
  )
}

export function VesselMap({ vessels, ports, at, selected, onSelect, tiles }: Props) {
  return (
    <MapContainer
      className="vessel-map"
      center={[20, 0]}
      zoom={2}
      minZoom={2}
      maxZoom={10}
      preferCanvas
      worldCopyJump={false}
      maxBounds={[
        [-85, -240],
        [85, 240],
      ]}
      attributionControl
    >
      {/* below the overlays, which may be drawn before the atlas has loaded */}
      <Pane name="basemap" style={{ zIndex: 250 }}>
        <Basemap />
        {tiles ? <TileLayer url={tiles.url} attribution={escapeHtml(tiles.attribution)} /> : null}
      </Pane>
      {ports ? <Ports ports={ports} /> : null}
      {selected ? <SelectedRoute vessel={selected} at={at} /> : null}
      <Vessels vessels={vessels} at={at} selected={selected} onSelect={onSelect} />
      <FollowSelection vessel={selected} />
    </MapContainer>
  )
}
