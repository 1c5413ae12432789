import L from 'leaflet'
import Supercluster from 'supercluster'
import { STATE_COLOURS } from './map-model'

export type DrawnVessel = {
  id: string
  name: string
  state: string
  lat: number
  lon: number
  heading: number
  arrived: boolean
}

type Hit = { x: number; y: number; id?: string; cluster?: number; lat: number; lon: number }

const URGENCY = ['on_hold', 'delayed', 'on_time']
const CLUSTER_ABOVE = 150
const HIT_RADIUS = 14

/**
 * Every vessel on one canvas, redrawn as the map moves: arrows turned to the heading, a square badge for a
 * hold, a ring for an arrival, clusters with counts when there are many, names in words close up.
 */
export class VesselCanvasLayer extends L.Layer {
  private canvas?: HTMLCanvasElement
  private vessels: DrawnVessel[] = []
  private index?: Supercluster<{ id: string; urgency: number }, { urgency: number }>
  private hits: Hit[] = []
  private frame = 0
  private selected: string | undefined

  constructor(private readonly onSelect: (id: string) => void) {
    super()
  }

  setVessels(vessels: DrawnVessel[], selected: string | undefined) {
    this.vessels = vessels
    this.selected = selected
    this.index =
      vessels.length > CLUSTER_ABOVE
        ? new Supercluster<{ id: string; urgency: number }, { urgency: number }>({
            radius: 48,
            maxZoom: 6,
            map: (p) => ({ urgency: p.urgency }),
            reduce: (acc, p) => {
              acc.urgency = Math.min(acc.urgency, p.urgency)
            },
          }).load(
            vessels.map((v) => ({
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: [v.lon, v.lat] },
              properties: { id: v.id, urgency: URGENCY.indexOf(v.state) },
            })),
          )
        : undefined
    this.draw()
  }

  onAdd(map: L.Map) {
    this.canvas = L.DomUtil.create('canvas', 'vessel-canvas leaflet-zoom-hide')
    map.getPanes().overlayPane.appendChild(this.canvas)
    map.on('move resize zoomend viewreset', this.schedule, this)
    map.on('click', this.click, this)
    this.draw()
    return this
  }

  onRemove(map: L.Map) {
    cancelAnimationFrame(this.frame)
    map.off('move resize zoomend viewreset', this.schedule, this)
    map.off('click', this.click, this)
    this.canvas?.remove()
    return this
  }

  private schedule() {
    cancelAnimationFrame(this.frame)
    this.frame = requestAnimationFrame(() => this.draw())
  }

  private click(event: L.LeafletMouseEvent) {
    const { x, y } = event.containerPoint
    let best: Hit | undefined
    let bestDistance = HIT_RADIUS
    for (const hit of this.hits) {
      const distance = Math.hypot(hit.x - x, hit.y - y)
      if (distance < bestDistance) {
        best = hit
        bestDistance = distance
      }
    }
    if (!best) return
    if (best.id) this.onSelect(best.id)
    else if (best.cluster !== undefined && this.index)
      this._map.setView([best.lat, best.lon], Math.min(this.index.getClusterExpansionZoom(best.cluster), 8))
  }

  /** Draws the vessels in view; returns nothing, but a benchmark times it through `requestAnimationFrame`. */
  draw() {
    const map = this._map
    const canvas = this.canvas
    if (!map || !canvas) return
    const size = map.getSize()
    const ratio = window.devicePixelRatio || 1
    L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]))
    if (canvas.width !== size.x * ratio || canvas.height !== size.y * ratio) {
      canvas.width = size.x * ratio
      canvas.height = size.y * ratio
      canvas.style.width = `${size.x}px`
      canvas.style.height = `${size.y}px`
    }
    const context = canvas.getContext('2d')
    if (!context) return
    context.setTransform(ratio, 0, 0, ratio, 0, 0)
    context.clearRect(0, 0, size.x, size.y)
    this.hits = []
    const zoom = map.getZoom()
    const bounds = map.getBounds().pad(0.1)
    const inView = (lat: number, lon: number) => bounds.contains([lat, lon])
    if (this.index) {
      const west = Math.max(-180, bounds.getWest())
      const east = Math.min(180, bounds.getEast())
      const features = this.index.getClusters(
        [west, Math.max(-85, bounds.getSouth()), east, Math.min(85, bounds.getNorth())],
        Math.round(zoom),
      )
      const byId = new Map(this.vessels.map((v) => [v.id, v]))
      for (const feature of features) {
        const [lon, lat] = feature.geometry.coordinates
        const properties = feature.properties as {
          cluster?: boolean
          cluster_id?: number
          point_count?: number
          id?: string
          urgency: number
        }
        if (properties.cluster) {
          const point = map.latLngToContainerPoint([lat, lon])
          drawCluster(context, point, properties.point_count ?? 0, URGENCY[properties.urgency] ?? 'on_time')
          this.hits.push({ x: point.x, y: point.y, cluster: properties.cluster_id, lat, lon })
        } else {
          const vessel = byId.get(properties.id ?? '')
          if (vessel) this.drawVessel(context, vessel, zoom >= 5)
        }
      }
      return
    }
    for (const vessel of this.vessels)
      if (inView(vessel.lat, vessel.lon)) this.drawVessel(context, vessel, zoom >= 3)
  }

  private drawVessel(context: CanvasRenderingContext2D, vessel: DrawnVessel, labelled: boolean) {
    const point = this._map.latLngToContainerPoint([vessel.lat, vessel.lon])
    const colour = STATE_COLOURS[vessel.arrived ? 'arrived' : vessel.state] ?? STATE_COLOURS.on_time
    const selected = vessel.id === this.selected
    context.save()
    context.translate(point.x, point.y)
    context.lineWidth = selected ? 3 : 1.5
    context.strokeStyle = selected ? '#0d47a1' : '#ffffff'
    context.fillStyle = colour
    if (vessel.arrived) {
      context.beginPath()
      context.arc(0, 0, 7, 0, Math.PI * 2)
      context.fill()
      context.stroke()
      context.beginPath()
      context.arc(0, 0, 3, 0, Math.PI * 2)
      context.fillStyle = '#ffffff'
      context.fill()
    } else {
      context.rotate((vessel.heading * Math.PI) / 180)
      context.beginPath()
      context.moveTo(0, -10)
      context.lineTo(7, 8)
      context.lineTo(0, 4)
      context.lineTo(-7, 8)
      context.closePath()
      context.fill()
      context.stroke()
      if (vessel.state === 'on_hold') {
        context.rotate((-vessel.heading * Math.PI) / 180)
        context.fillStyle = colour
        context.fillRect(6, -12, 8, 8)
        context.strokeRect(6, -12, 8, 8)
      }
    }
    context.restore()
    if (labelled || selected) {
      context.font = '12px system-ui, sans-serif'
      context.lineWidth = 3
      context.strokeStyle = 'rgba(255,255,255,0.9)'
      context.fillStyle = '#111111'
      context.strokeText(vessel.name, point.x + 12, point.y + 4)
      context.fillText(vessel.name, point.x + 12, point.y + 4)
    }
    this.hits.push({ x: point.x, y: point.y, id: vessel.id, lat: vessel.lat, lon: vessel.lon })
  }
}

function drawCluster(context: CanvasRenderingContext2D, point: L.Point, count: number, state: string) {
  const radius = 12 + Math.min(14, Math.log2(count) * 2)
  context.beginPath()
  context.arc(point.x, point.y, radius, 0, Math.PI * 2)
  context.fillStyle = STATE_COLOURS[state] ?? STATE_COLOURS.on_time
  context.globalAlpha = 0.85
  context.fill()
  context.globalAlpha = 1
  context.lineWidth = 2
  context.strokeStyle = '#ffffff'
  context.stroke()
  context.fillStyle = '#ffffff'
  context.font = 'bold 12px system-ui, sans-serif'
  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillText(String(count), point.x, point.y)
  context.textAlign = 'start'
  context.textBaseline = 'alphabetic'
}
