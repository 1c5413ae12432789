import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { defaultServiceConfig } from '../../src/server/service-config'
import type { Storage } from '../../src/server/storage/storage'
import { KEY, type Service, startService } from '../service/harness'
import { DATABASE_KINDS } from '../support/databases'
import { startReceiver } from '../support/webhook-receiver'
import { DELIBERATE_DIFFERENCES } from './deliberate-differences'
import { type Ids, RECIPES } from './operations'
import { describeErrors, loadReference, operationsOf, responseValidators } from './reference-document'
import { withFaultsFixed } from './reference-faults'

const reference = loadReference()
const OPERATIONS = operationsOf(reference)
const asDocumented = responseValidators(reference)
const withFixes = responseValidators(withFaultsFixed(reference))

/** The success status the reference gives an operation: its first 2xx. */
const successStatus = (operation: string) => {
  const [method, path] = operation.split(' ')
  return Number(Object.keys(reference.paths[path][method.toLowerCase()].responses).find((s) => /^2/.test(s)))
}

/** Whether a validator of the document as written accepts the body; a schema that cannot compile accepts nothing. */
const fitsAsDocumented = (operation: string, status: number, body: unknown) => {
  try {
    const validate = asDocumented(operation, status)
    return validate ? validate(body) : true
  } catch {
    return false
  }
}

const fill = (template: string, ids: Ids) =>
  template.replaceAll(/:(\w+)/g, (whole, name: string) =>
    name in ids ? encodeURIComponent(ids[name]) : whole,
  )

type Parameters = { parameters?: { name?: string; in?: string; $ref?: string }[] }
const queryParameters = (operation: Parameters | undefined, shared: Parameters['parameters'] = []) =>
  [...shared, ...(operation?.parameters ?? [])].flatMap((p) => (p.in === 'query' && p.name ? [p.name] : []))
const template = (path: string) => path.replaceAll(/\{\w+\}/g, '{}')

describe('every operation of the reference OpenAPI document', () => {
  it('has a way to call it here', () => {
    expect(OPERATIONS.filter((operation) => !RECIPES[operation])).toEqual([])
    expect(Object.keys(RECIPES).filter((operation) => !OPERATIONS.includes(operation))).toEqual([])
  })

  it('is in Quayside’s own document, with every query parameter the reference names', async () => {
    const app = createApp({
      storage: {} as Storage,
      clock: { now: () => new Date() },
      fetch,
      random: Math.random,
      config: defaultServiceConfig,
    })
    const ours = (await (await app.request('/v2/openapi.json')).json()) as {
      paths: Record<string, Record<string, Parameters>>
    }
    const byTemplate = new Map(Object.entries(ours.paths).map(([path, item]) => [template(path), item]))
    const missing = OPERATIONS.flatMap((operation) => {
      const [method, path] = operation.split(' ')
      const item = reference.paths[path] as unknown as Record<string, Parameters> & Parameters
      const mine = byTemplate.get(template(path))?.[method.toLowerCase()]
      if (!mine) return [`${operation}: no such operation`]
      const accepted = new Set(queryParameters(mine))
      return queryParameters(item[method.toLowerCase()], item.parameters)
        .filter((name) => !accepted.has(name))
        .map((name) => `${operation}: ${name}`)
    })
    expect(missing).toEqual([])
  })
})

describe.each(DATABASE_KINDS)('the reference operations against the service on %s', (kind) => {
  let service: Service
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  const ids: Ids = {}
  const tally = { routed: 0, succeeded: 0, validAsDocumented: 0, validWithFixes: 0, withSchema: 0 }

  beforeAll(async () => {
    service = await startService(kind, { readDocuments: true, webhookAllowlist: ['127.0.0.0/8'] })
    receiver = await startReceiver()
    ids.receiver = receiver.url()
    const first = async (path: string) => (await service.get(path)).body.data[0]
    const shipment = await first('/v2/shipments?page[size]=1')
    ids.shipment = shipment.id
    ids.stoppable = (await first('/v2/shipments?page[size]=1&page[number]=2')).id
    ids.searchNumber = shipment.attributes.bill_of_lading_number
    ids.terminal = shipment.relationships.pod_terminal.data.id
    ids.vessel = shipment.attributes.pod_vessel_imo
    ids.vesselId = shipment.relationships.pod_vessel.data.id
    ids.port = shipment.relationships.port_of_discharge.data.id
    ids.previousPort = shipment.relationships.port_of_lading.data.id
    ids.container = (await first('/v2/containers?page[size]=1')).id
    ids.sailing = ids.container
    ids.trackingRequest = (await first('/v2/tracking_requests?page[size]=1')).id
    ids.party = (await first('/v2/parties?page[size]=1')).id
    ids.enumDefinition = (await first('/v2/custom_field_definitions?filter[data_type]=enum')).id
    ids.enumOption = (await first(`/v2/custom_field_definitions/${ids.enumDefinition}/options`)).id
    ids.webhook = (await first('/v2/webhooks?page[size]=1')).id
    ids.notification = (await first('/v2/webhook_notifications?page[size]=1')).id
    ids.submission = (await first('/v2/email_submissions?page[size]=1')).id
    const document = await first('/v2/documents?page[size]=1')
    ids.document = document.id
    ids.documentSchema = `${document.attributes.document_type}@1.0`
    ids.shippingLine = (await first('/v2/shipping_lines')).id
  })
  afterAll(async () => {
    console.log(
      `Reference operations on ${kind}: ${OPERATIONS.length} in the document, ${tally.routed} served ` +
        `(${tally.succeeded} with a success); ${tally.withSchema} success bodies with a schema, ` +
        `${tally.validAsDocumented} valid against the document as written, ${tally.validWithFixes} with its ` +
        'known faults fixed',
    )
    await receiver?.stop()
    await service?.stop()
  })

  it.each(OPERATIONS)(
    '%s answers as the reference says, with a body that fits its schema',
    async (operation) => {
      const recipe = RECIPES[operation]
      const all = { ...ids, ...(await recipe.fresh?.(service, ids)) }
      const [method] = operation.split(' ')
      const path = fill(recipe.path, all)
      const response = recipe.form
        ? await fetch(`${service.baseUrl}${path}`, {
            method,
            headers: { Authorization: `Token ${KEY}` },
            body: recipe.form(all),
          }).then(async (r) => ({ status: r.status, body: r.status === 204 ? undefined : await r.json() }))
        : await service.call(method, path, {
            body: recipe.body ? JSON.stringify(recipe.body(all)) : undefined,
          })
      const noRoute =
        response.status === 404 && /^There is no /.test(response.body?.errors?.[0]?.detail ?? '')
      if (!noRoute) tally.routed += 1
      if (response.status >= 200 && response.status < 300) tally.succeeded += 1
      const difference = DELIBERATE_DIFFERENCES[operation]
      const status = difference?.status ?? successStatus(operation)
      expect(response.status, JSON.stringify(response.body)).toBe(status)
      const validate = status < 300 ? withFixes(operation, status) : undefined
      if (!validate) return
      tally.withSchema += 1
      if (fitsAsDocumented(operation, status, response.body)) tally.validAsDocumented += 1
      const valid = validate(response.body)
      if (valid) tally.validWithFixes += 1
      expect(valid, describeErrors(validate)).toBe(!difference?.bodyDiffers)
    },
  )
})
