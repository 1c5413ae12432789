import L from 'leaflet'
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

type Hit = { x: number; y: number; id?: string; lat: number; lon: number }
type Cell = { x: number; y: number; vessels: DrawnVessel[] }

const URGENCY = ['on_hold', 'delayed', 'on_time']
const CLUSTER_ABOVE = 150
const CLUSTER_UNTIL_ZOOM = 7
const CELL_PX = 56
const rank = (state: string) => {
  const index = URGENCY.indexOf(state)
  return index < 0 ? URGENCY.length - 1 : index
}

/** Linear in the vessels in view, so a slider step re-clusters every frame. */
function cellsOf(vessels: DrawnVessel[], project: (v: DrawnVessel) => L.Point) {
  const cells = new Map<number, Cell>()
  for (const vessel of vessels) {
    const point = project(vessel)
    const key = Math.floor(point.x / CELL_PX) * 100_000 + Math.floor(point.y / CELL_PX)
    const cell = cells.get(key)
    if (cell) {
      cell.x += point.x
      cell.y += point.y
      cell.vessels.push(vessel)
    } else cells.set(key, { x: point.x, y: point.y, vessels: [vessel] })
  }
  return cells.values()
}
const HIT_RADIUS = 14

/** One canvas for every vessel, not a marker each, redrawn as the map moves. */
export class VesselCanvasLayer extends L.Layer {
  private canvas?: HTMLCanvasElement
  private vessels: DrawnVessel[] = []
  private hits: Hit[] = []
  private frame = 0
  private selected: string | undefined
  /** Where names are already written this draw, so they never overlap. */
  private labels: [number, number, number, number][] = []

  constructor(private readonly onSelect: (id: string) => void) {
    super()
  }

  setVessels(vessels: DrawnVessel[], selected: string | undefined) {
    this.vessels = vessels
    this.selected = selected
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
    else this._map.setView([best.lat, best.lon], Math.min(this._map.getZoom() + 2, 8))
  }

  /** Clustered by screen square when many are in view below zoom 7. */
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
    this.labels = []
    const zoom = map.getZoom()
    const bounds = map.getBounds().pad(0.1)
    const visible = this.vessels.filter((v) => bounds.contains([v.lat, v.lon]))
    if (visible.length <= CLUSTER_ABOVE || zoom >= CLUSTER_UNTIL_ZOOM) {
      for (const vessel of visible) this.drawVessel(context, vessel, true)
      return
    }
    for (const cell of cellsOf(visible, (v) => map.latLngToContainerPoint([v.lat, v.lon]))) {
      if (cell.vessels.length === 1) {
        this.drawVessel(context, cell.vessels[0], false)
        continue
      }
      const urgency = Math.min(...cell.vessels.map((v) => rank(v.state)))
      const point = L.point(cell.x / cell.vessels.length, cell.y / cell.vessels.length)
      drawCluster(context, point, cell.vessels.length, URGENCY[urgency])
      const at = map.containerPointToLatLng(point)
      this.hits.push({ x: point.x, y: point.y, lat: at.lat, lon: at.lng })
    }
  }

  private roomForLabel(context: CanvasRenderingContext2D, name: string, point: L.Point) {
    context.font = '12px system-ui, sans-serif'
    const box: [number, number, number, number] = [
      point.x + 10,
      point.y - 10,
      point.x + 14 + context.measureText(name).width,
      point.y + 8,
    ]
    const overlaps = this.labels.some(
      ([x1, y1, x2, y2]) => box[0] < x2 && box[2] > x1 && box[1] < y2 && box[3] > y1,
    )
    if (!overlaps) this.labels.push(box)
    return !overlaps
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
    if ((labelled && this.roomForLabel(context, vessel.name, point)) || selected) {
      context.font = '12px system-ui, sans-serif'
      context.lineJoin = 'round'
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
