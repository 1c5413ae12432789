import { describe, expect, it } from 'vitest'
import type { z } from 'zod/mini'
import { ContainerDocumentSchema } from '../../src/contract/containers'
import {
  CustomFieldDefinitionDocumentSchema,
  CustomFieldDefinitionListDocumentSchema,
  CustomFieldOptionListDocumentSchema,
} from '../../src/contract/custom-fields'
import { PartyDocumentSchema, PartyListDocumentSchema } from '../../src/contract/parties'
import { PortDocumentSchema } from '../../src/contract/ports'
import { RawEventListDocumentSchema } from '../../src/contract/raw-events'
import { RESOURCE_SCHEMAS } from '../../src/contract/resource-registry'
import { SearchResultListDocumentSchema } from '../../src/contract/search-results'
import { TerminalDocumentSchema } from '../../src/contract/terminals'
import { VesselDocumentSchema } from '../../src/contract/vessels'
import {
  WebhookIpsDocumentSchema,
  WebhookListDocumentSchema,
  WebhookNotificationListDocumentSchema,
} from '../../src/contract/webhooks'
import { liveResponseFiles, readReference } from './reference'

const schemaForFile: Record<string, z.ZodMiniType> = {
  'containers.get.json': ContainerDocumentSchema,
  'containers.raw-events.json': RawEventListDocumentSchema,
  'custom-field-definitions.get.json': CustomFieldDefinitionDocumentSchema,
  'custom-field-definitions.list.json': CustomFieldDefinitionListDocumentSchema,
  'custom-field-options.list.json': CustomFieldOptionListDocumentSchema,
  'parties.get.json': PartyDocumentSchema,
  'parties.list.json': PartyListDocumentSchema,
  'ports.get.json': PortDocumentSchema,
  'search.container-list-number.json': SearchResultListDocumentSchema,
  'search.container-number.json': SearchResultListDocumentSchema,
  'search.shipment-bol.json': SearchResultListDocumentSchema,
  'search.tracking-number.json': SearchResultListDocumentSchema,
  'terminals.get.json': TerminalDocumentSchema,
  'vessels.get-by-imo.json': VesselDocumentSchema,
  'webhook-notifications.list.json': WebhookNotificationListDocumentSchema,
  'webhooks.ips.json': WebhookIpsDocumentSchema,
  'webhooks.list.json': WebhookListDocumentSchema,
}

describe('the contract parses every real response', () => {
  it('has a schema for every file in live-responses, so none is skipped', () => {
    expect(liveResponseFiles().filter((file) => !schemaForFile[file])).toEqual([])
  })

  it.each(liveResponseFiles())('parses %s, and every included resource by its type', (file) => {
    const body = readReference(`live-responses/${file}`) as { included?: { type: string }[] }
    const result = schemaForFile[file].safeParse(body)
    expect(result.error?.issues ?? []).toEqual([])
    for (const resource of body.included ?? []) {
      const schema = RESOURCE_SCHEMAS[resource.type]
      expect(schema, `no schema for included type ${resource.type}`).toBeDefined()
      expect(schema.safeParse(resource).error?.issues ?? []).toEqual([])
    }
  })

  it('reads port coordinates sent as strings as numbers', () => {
    const port = PortDocumentSchema.parse(readReference('live-responses/ports.get.json'))
    expect(port.data.attributes.latitude).toBeCloseTo(53.53, 2)
    expect(typeof port.data.attributes.longitude).toBe('number')
  })

  it('keeps attributes the interface does not list, such as a container ssl_lfd', () => {
    const container = ContainerDocumentSchema.parse(readReference('live-responses/containers.get.json'))
    expect(container.data.attributes).toHaveProperty('ssl_lfd')
    expect(container.data.attributes).toHaveProperty('pol_vessel_departed_at', '2025-12-25T06:01:23Z')
  })
})
