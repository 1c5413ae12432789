import { describe, expect, it } from 'vitest'
import { WEBHOOK_EVENT_KINDS } from '../../src/contract/event-kinds'
import { RESOURCE_SCHEMAS } from '../../src/contract/resource-registry'
import { WebhookNotificationDocumentSchema } from '../../src/contract/webhooks'
import { readReference } from './reference'

const examples = readReference('webhook-notification-examples.json') as Record<
  string,
  { included?: { type: string }[] }
>

describe('the contract parses every webhook notification example', () => {
  it('knows every example event kind', () => {
    const known = new Set<string>(WEBHOOK_EVENT_KINDS)
    expect(Object.keys(examples).filter((kind) => !known.has(kind))).toEqual([])
    expect(Object.keys(examples)).toHaveLength(36)
  })

  it.each(Object.keys(examples))('parses the %s notification and its included resources', (kind) => {
    const parsed = WebhookNotificationDocumentSchema.safeParse(examples[kind])
    expect(parsed.error?.issues ?? []).toEqual([])
    expect(parsed.data?.data.attributes.event).toBe(kind)
    for (const resource of examples[kind].included ?? []) {
      const schema = RESOURCE_SCHEMAS[resource.type]
      expect(schema, `no schema for included type ${resource.type}`).toBeDefined()
      expect(schema.safeParse(resource).error?.issues ?? []).toEqual([])
    }
  })
})
