import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerDocumentSchema } from '../../src/contract/containers'
import { RawEventListDocumentSchema } from '../../src/contract/raw-events'
import { ShipmentDocumentSchema } from '../../src/contract/shipments'
import { VesselMapDocumentSchema } from '../../src/contract/vessels'
import { DATABASE_KINDS } from '../support/databases'
import { processDatabase } from '../support/process-database'
import { startReferenceUpstream } from '../support/reference-upstream'
import { freePort, startProcess, until } from '../support/server-process'

const KEY = `reference-key-${randomBytes(6).toString('hex')}`
const SHIPMENTS = 10

type Doc = { data: unknown; meta?: Record<string, unknown>; errors?: unknown[] }

describe.each(DATABASE_KINDS)(
  'a connected account on %s mirrors an upstream that knows only the reference document',
  (kind) => {
    const cleanup: (() => Promise<unknown> | unknown)[] = []
    let upstream: Awaited<ReturnType<typeof startReferenceUpstream>>
    let child: ChildProcess
    let output = () => ''
    let port = 0

    const call = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/v2${path}`, {
        headers: { Authorization: `Token ${KEY}`, 'Cache-Control': 'no-cache' },
      })
      return { status: response.status, body: (await response.json().catch(() => ({}))) as Doc }
    }
    const mirroredIds = async () =>
      ((await call('/shipments?page[size]=100')).body.data as { id: string }[]).map((s) => s.id).sort()
    const atSea = () => upstream.shipments().filter((s) => s.attributes.pod_ata_at === null)
    const reconciledAt = async () =>
      ((await call('/account')).body.meta?.upstream as { last_reconciled_at?: string } | undefined)
        ?.last_reconciled_at
    /** Waits for a pass that began after now to end. */
    const anotherPass = async () => {
      const before = await reconciledAt()
      await until(
        'a pass to begin',
        async () => ((await reconciledAt()) !== before ? true : undefined),
        60_000,
      )
      const begun = await reconciledAt()
      await until(
        'another pass to end',
        async () => ((await reconciledAt()) !== begun ? true : undefined),
        60_000,
        output,
      )
    }

    beforeAll(async () => {
      upstream = await startReferenceUpstream({ shipments: SHIPMENTS })
      cleanup.push(() => upstream.close())
      const database = await processDatabase(kind, 'quayside-reference-')
      cleanup.push(database.drop)
      port = await freePort()
      const started = await startProcess({
        ...database.env,
        PORT: String(port),
        UPSTREAM_URL: upstream.url,
        UPSTREAM_API_KEY: KEY,
        UPSTREAM_PAGE_SIZE: '4',
        UPSTREAM_REQUESTS_PER_MINUTE: '6000',
        UPSTREAM_RECONCILE_SECONDS: '1',
        RATE_LIMIT_PER_MINUTE: '100000',
        STATIC_ROOT: join(tmpdir(), 'no-dashboard-here'),
      })
      child = started.child
      output = () => started.output().slice(-1500)
    }, 180_000)

    afterAll(async () => {
      child?.kill('SIGKILL')
      for (const step of cleanup.reverse()) await step()
    })

    it('mirrors every shipment, and reads each back as the contract does, unknown and missing attributes and all', {
      timeout: 120_000,
    }, async () => {
      const theirs = upstream
        .shipments()
        .map((s) => s.id)
        .sort()
      await until(
        'every shipment mirrored',
        async () => {
          const mine = await mirroredIds()
          return mine.join() === theirs.join() ? true : undefined
        },
        90_000,
        output,
      )
      for (const shipment of upstream.shipments()) {
        const read = await call(`/shipments/${shipment.id}?include=containers`)
        expect(read.status).toBe(200)
        const parsed = ShipmentDocumentSchema.parse(read.body)
        expect(parsed.data.attributes.bill_of_lading_number).toBe(shipment.attributes.bill_of_lading_number)
      }
      for (const container of upstream.containers()) {
        const read = await call(`/containers/${container.id}?include=shipment,transport_events`)
        expect(read.status).toBe(200)
        expect(ContainerDocumentSchema.parse(read.body).data.attributes.number).toBe(
          container.attributes.number,
        )
      }
      const account = await call('/account')
      expect(account.status).toBe(200)
      expect(
        (account.body.meta?.upstream as { webhook_registered: boolean } | undefined)?.webhook_registered,
      ).toBe(true)
    })

    it("sorts the mirrored containers into the board's tabs", { timeout: 60_000 }, async () => {
      const tabs = await until('the board to count every container', async () => {
        const counts = (await call('/containers?page[size]=1&counts=tabs')).body.meta?.tab_counts as
          | Record<string, number>
          | undefined
        return counts && counts.arriving + counts.available === SHIPMENTS ? counts : undefined
      })
      expect(tabs.arriving).toBe(atSea().length)
      expect(tabs.available).toBe(SHIPMENTS - atSea().length)
    })

    it('mirrors the raw events of containers at sea and their vessel, so the map places and forecasts it', {
      timeout: 90_000,
    }, async () => {
      const map = await until(
        'the map to show the vessel',
        async () => {
          const { body } = await call('/vessels?filter[carrying]=active')
          const vessels = VesselMapDocumentSchema.parse(body).data
          return vessels.length === 1 && vessels[0].attributes.container_counts?.aboard === atSea().length
            ? vessels[0]
            : undefined
        },
        60_000,
        output,
      )
      expect(map.attributes.imo).toBe(upstream.vessel.attributes.imo)
      expect(map.attributes.latitude).toBe(upstream.vessel.attributes.latitude)
      expect(map.attributes.next_port?.locode).toBe(atSea()[0].attributes.port_of_discharge_locode)
      expect(map.attributes.forecast?.length).toBeGreaterThan(1)
      const sailing = upstream.containers().find((c) => c.attributes.pod_arrived_at === null)!
      const raw = RawEventListDocumentSchema.parse((await call(`/containers/${sailing.id}/raw_events`)).body)
      expect(raw.data.map((e) => e.attributes.event)).toEqual(['vessel_departed', 'vessel_arrived'])
      // raw events are asked only of containers at sea, each once while it does not change; the vessel once a pass at most
      const rawReads = upstream.requests.filter((r) => r.includes('/raw_events'))
      const sailingIds = new Set(
        upstream
          .containers()
          .filter((c) => c.attributes.pod_arrived_at === null)
          .map((c) => c.id),
      )
      expect(rawReads.length).toBe(sailingIds.size)
      for (const read of rawReads) expect(sailingIds.has(read.split('/')[3])).toBe(true)
    })

    it("moves the map's arrival when the upstream moves only the shipments' ETA", {
      timeout: 60_000,
    }, async () => {
      const atSeaNow = atSea().length
      await until('the map to show every container at sea', async () => {
        const { body } = await call('/vessels?filter[carrying]=active')
        const vessel = VesselMapDocumentSchema.parse(body).data[0]
        return vessel?.attributes.container_counts?.aboard === atSeaNow ? true : undefined
      })
      const eta = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5 * 86_400_000)
      upstream.delayAtSea(eta)
      await until(
        'the map to arrive at the new ETA',
        async () => {
          const { body } = await call('/vessels?filter[carrying]=active')
          const arrives = VesselMapDocumentSchema.parse(body).data[0]?.attributes.arrives_at
          return arrives && new Date(arrives).getTime() === eta.getTime() ? true : undefined
        },
        45_000,
        output,
      )
    })

    it('removes a shipment the upstream no longer has and takes in one it stopped tracking, once', {
      timeout: 150_000,
    }, async () => {
      const [gone, stopped] = [
        upstream.shipments().find((s) => s.attributes.pod_ata_at !== null)!,
        atSea()[0],
      ]
      upstream.remove(gone.id)
      upstream.stopTracking(stopped.id, new Date())
      await until(
        'the removed shipment to leave the mirror',
        async () => ((await call(`/shipments/${gone.id}`)).status === 404 ? true : undefined),
        60_000,
        output,
      )
      const read = ShipmentDocumentSchema.parse((await call(`/shipments/${stopped.id}`)).body)
      await until('the stopped shipment to say so', async () => {
        const now = ShipmentDocumentSchema.parse((await call(`/shipments/${stopped.id}`)).body)
        return now.data.attributes.line_tracking_stopped_at ? true : undefined
      })
      expect(read.data.id).toBe(stopped.id)
      const goneContainer = (gone.relationships.containers.data as { id: string }[])[0].id
      expect((await call(`/containers/${goneContainer}`)).status).toBe(404)
      await anotherPass()
      await anotherPass()
      expect(await mirroredIds()).toEqual(
        upstream
          .shipments()
          .map((s) => s.id)
          .sort(),
      )
      expect(upstream.requests.filter((r) => r === `GET /v2/shipments/${gone.id}`)).toHaveLength(1)
      const map = VesselMapDocumentSchema.parse((await call('/vessels?filter[carrying]=active')).body).data
      expect(map[0].attributes.container_counts?.aboard).toBe(atSea().length - 1)
    })
  },
)
