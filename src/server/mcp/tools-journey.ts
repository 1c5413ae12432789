import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { eventKindLabel } from '../../contract/event-kinds'
import type { ApiReader } from './api-client'
import { ageWords } from './freshness'
import type { ListBody, OneBody, Resource } from './json-api'
import { findContainer } from './lookups'
import { answer, guarded, READ_ONLY } from './tool-kit'

const containerId = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .describe('The Quayside container id (UUID), or its number')

type Timed = { at: string; actual?: boolean } | null | undefined
const timeWords = (what: string, time: Timed) =>
  time ? `${time.actual ? what : `estimated ${what} (an estimate)`} ${time.at}` : undefined

/** Only what happened is a milestone: an estimate or an event dated in the future is listed apart as expected; a withdrawn one not at all. */
export function splitEvents(events: Resource[], now: Date) {
  const rows = events
    .map(({ attributes: e }) => ({
      event: e.event as string,
      label: eventKindLabel(e.event),
      at: e.timestamp as string | null,
      location: e.location_locode ?? null,
      voyage: e.voyage_number ?? null,
      source: e.data_source ?? null,
      withdrawn: Boolean(e.invalidated_at),
    }))
    .toSorted((a, b) => Date.parse(a.at ?? '') - Date.parse(b.at ?? ''))
  const happened = rows.filter(
    (r) => !r.withdrawn && !r.event.includes('.estimated.') && r.at && Date.parse(r.at) <= now.getTime(),
  )
  const expected = rows.filter((r) => !r.withdrawn && !happened.includes(r))
  return { happened, expected }
}

function eventsTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'get_container_transport_events',
    {
      title: 'Get container transport events',
      description:
        "A container's milestones in the order they happened (empty out, gate in, loaded, departed, arrived, discharged, available, picked up, empty returned…). Only events that happened are milestones; anything planned is listed apart as expected. Use it for what happened and when.",
      inputSchema: { id: containerId },
      annotations: READ_ONLY,
    },
    guarded(async ({ id }) => {
      const found = await findContainer(reader, id, 'shipment')
      const { body, now } = await reader.get<ListBody>(
        `/v2/containers/${found.body.data.id}/transport_events`,
      )
      const { happened, expected } = splitEvents(body.data, now)
      const number = found.body.data.attributes.number
      const text = [
        happened.length ? `${number}: what happened` : `${number}: no milestones yet`,
        ...happened.map((e) => `- ${e.at} ${e.label}${e.location ? ` at ${e.location}` : ''}`),
        ...(expected.length ? ['Expected (not happened yet):'] : []),
        ...expected.map((e) => `- ${e.at ?? 'time unknown'} ${e.label} (expected)`),
      ].join('\n')
      return answer(text, {
        container_id: found.body.data.id,
        number,
        milestones: happened,
        expected,
        total_events: happened.length,
      })
    }),
  )
}

function routeTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'get_container_route',
    {
      title: 'Get container route',
      description:
        "A container's route: port of lading → transshipments → port of discharge, each call's arrival and departure (actual, or estimated and labelled so), the vessel and voyage of each leg, and the arrival's ETA range.",
      inputSchema: { id: containerId },
      annotations: READ_ONLY,
    },
    guarded(async ({ id }) => {
      const found = await findContainer(reader, id, 'shipment')
      const { body } = await reader.get<OneBody>(`/v2/containers/${found.body.data.id}/route`)
      const a = body.data.attributes
      const ports = (a.ports ?? []).map(
        (p: { label: string; name: string; locode: string; arrival: Timed; departure: Timed }) => ({
          label: p.label,
          name: p.name,
          locode: p.locode,
          arrival: p.arrival ?? null,
          departure: p.departure ?? null,
        }),
      )
      const legs = (a.legs ?? []).map(
        (l: {
          sequence: number
          state: string
          vessel?: { name?: string; imo?: string }
          voyage_number?: string
        }) => ({
          sequence: l.sequence,
          state: l.state,
          vessel: l.vessel?.name ?? null,
          imo: l.vessel?.imo ?? null,
          voyage: l.voyage_number ?? null,
        }),
      )
      const eta = a.forecast?.eta_range ?? null
      const text = [
        ...ports.map((p: (typeof ports)[number]) =>
          [
            `${p.label} ${p.name} (${p.locode})`,
            timeWords('arrival', p.arrival),
            timeWords('departure', p.departure),
          ]
            .filter(Boolean)
            .join(', '),
        ),
        ...legs.map(
          (l: (typeof legs)[number]) =>
            `Leg ${l.sequence}: ${l.vessel ?? 'vessel unknown'} ${l.voyage ?? ''} (${l.state})`,
        ),
        ...(eta
          ? [`Arrival ETA range (estimates): ${eta.earliest} to ${eta.latest}, likely ${eta.likely}`]
          : []),
      ].join('\n')
      return answer(text, { container_id: found.body.data.id, ports, legs, eta_range: eta })
    }),
  )
}

function vesselsTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'list_vessels',
    {
      title: 'List vessels carrying my containers',
      description:
        "Vessels at sea carrying this account's containers: where each is bound, its ETA range (estimates: earliest, likely, latest), whether it runs late, how many containers it carries, and how old its last position is.",
      inputSchema: {},
      annotations: READ_ONLY,
    },
    guarded(async () => {
      const { body, now } = await reader.get<ListBody>('/v2/vessels?filter[carrying]=active')
      const vessels = body.data.map(({ id, attributes: v }) => ({
        id,
        name: v.name,
        imo: v.imo ?? null,
        voyage: v.voyage_number ?? null,
        state: v.state ?? null,
        next_port: v.next_port ? { name: v.next_port.name, locode: v.next_port.locode } : null,
        eta_range: v.eta_range ?? null,
        container_counts: v.container_counts ?? null,
        position_age: v.position_timestamp
          ? ageWords(now.getTime() - Date.parse(v.position_timestamp))
          : null,
      }))
      const text = vessels.length
        ? vessels
            .map(
              (v) =>
                `${v.name}${v.voyage ? ` voyage ${v.voyage}` : ''} → ${v.next_port?.name ?? '?'}${v.eta_range ? `: ETA ${v.eta_range.earliest} to ${v.eta_range.latest} (estimate)` : ''}${v.state ? ` [${v.state}]` : ''}${v.position_age ? `, position ${v.position_age} old` : ''}`,
            )
            .join('\n')
        : 'No vessel at sea carries containers of this account.'
      return answer(text, { vessels, as_of: now.toISOString() })
    }),
  )
}

export function registerJourneyTools(server: McpServer, reader: ApiReader) {
  eventsTool(server, reader)
  routeTool(server, reader)
  vesselsTool(server, reader)
}
