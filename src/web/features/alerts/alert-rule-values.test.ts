import { describe, expect, it } from 'vitest'
import { type AlertRule, AlertRuleCreateSchema } from '../../../contract/alerts'
import {
  alertRuleAttributes,
  alertRuleFormValues,
  emailsFrom,
  fieldForPointer,
  previewBody,
} from './alert-rule-values'

const PARTY = '7d6c5b4a-3f2e-4d1c-8b0a-9e8f7d6c5b4a'
const USER = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f'

const rule = (attributes: Partial<AlertRule['attributes']>): AlertRule => ({
  id: 'r1',
  type: 'alert_rule',
  attributes: {
    name: 'Northwind LFD',
    condition: { kind: 'lfd_within', days: 3 },
    scope: { kind: 'customer', party_id: PARTY },
    ...attributes,
  },
})

const valid = (attributes: unknown) =>
  AlertRuleCreateSchema.safeParse({ data: { type: 'alert_rule', attributes } }).success

describe('a new rule', () => {
  const values = alertRuleFormValues(undefined, { timeZone: 'Europe/Berlin', userId: USER })

  it('tells its creator at once, in the app and by email, about a last free day two days out', () => {
    expect(values).toMatchObject({
      conditionKind: 'lfd_within',
      parameter: '2',
      recipientUserIds: [USER],
      channels: ['in_app', 'email'],
      delivery: 'immediate',
      timeZone: 'Europe/Berlin',
      enabled: true,
    })
  })

  it('becomes a body the contract accepts, with the parameter a number under its own name', () => {
    const attributes = alertRuleAttributes({
      ...values,
      name: ' Northwind ',
      scopeKind: 'customer',
      partyId: PARTY,
    })
    expect(valid(attributes)).toBe(true)
    expect(attributes).toMatchObject({
      name: 'Northwind',
      condition: { kind: 'lfd_within', days: 2 },
      scope: { kind: 'customer', party_id: PARTY },
      group_wait_seconds: 30,
      repeat_interval_hours: null,
    })
    expect(attributes).not.toHaveProperty('digest_time')
    expect(attributes).not.toHaveProperty('chat_webhook_url')
  })

  it('sends hours for an hours condition and nothing for a condition without a number', () => {
    expect(
      alertRuleAttributes({ ...values, conditionKind: 'eta_slipped', parameter: '12' }).condition,
    ).toEqual({
      kind: 'eta_slipped',
      hours: 12,
    })
    expect(
      alertRuleAttributes({ ...values, conditionKind: 'hold_appeared', parameter: '2' }).condition,
    ).toEqual({
      kind: 'hold_appeared',
    })
  })

  it('leaves a blank or half-typed number out, so the server names the field', () => {
    expect(alertRuleAttributes({ ...values, parameter: '' }).condition).toEqual({ kind: 'lfd_within' })
    expect(alertRuleAttributes({ ...values, parameter: '2.5' }).condition).toEqual({ kind: 'lfd_within' })
  })

  it('a digest carries its time and no group wait; mute days go sorted', () => {
    const attributes = alertRuleAttributes({
      ...values,
      name: 'Digest',
      delivery: 'digest',
      digestTime: '07:30',
      muteTimes: [{ days: [6, 0], from: '00:00', to: '23:59' }],
    })
    expect(attributes).toMatchObject({ delivery: 'digest', digest_time: '07:30' })
    expect(attributes).not.toHaveProperty('group_wait_seconds')
    expect(attributes.mute_times).toEqual([{ days: [0, 6], from: '00:00', to: '23:59' }])
    expect(valid(attributes)).toBe(true)
  })

  it('each scope sends only its own field', () => {
    const scope = (patch: Partial<typeof values>) => alertRuleAttributes({ ...values, ...patch }).scope
    expect(scope({ scopeKind: 'all', partyId: PARTY })).toEqual({ kind: 'all' })
    expect(scope({ scopeKind: 'tag', tag: ' reefer ' })).toEqual({ kind: 'tag', tag: 'reefer' })
    expect(scope({ scopeKind: 'terminal', terminalId: 't-1' })).toEqual({
      kind: 'terminal',
      terminal_id: 't-1',
    })
    expect(scope({ scopeKind: 'custom_field', fieldName: 'po', fieldValue: ' 42 ' })).toEqual({
      kind: 'custom_field',
      field_name: 'po',
      field_value: '42',
    })
  })
})

describe('an existing rule', () => {
  it('comes back into the form as it was saved, its chat URL never filled in', () => {
    const values = alertRuleFormValues(
      rule({
        channels: ['chat'],
        chat_webhook_hint: 'hooks.slack.com …a1b2',
        recipient_emails: ['a@example.com', 'b@example.com'],
        repeat_interval_hours: 24,
        delivery: 'digest',
        digest_time: '06:00',
        time_zone: 'America/Chicago',
      }),
      { timeZone: 'UTC', userId: USER },
    )
    expect(values).toMatchObject({
      parameter: '3',
      scopeKind: 'customer',
      partyId: PARTY,
      recipientUserIds: [],
      recipientEmails: 'a@example.com, b@example.com',
      chatWebhookUrl: '',
      repeatIntervalHours: '24',
      delivery: 'digest',
      digestTime: '06:00',
      timeZone: 'America/Chicago',
    })
  })

  it('keeps its chat URL unless a new one is typed, and forgets it when chat is no longer a channel', () => {
    const values = alertRuleFormValues(rule({ channels: ['chat'] }), { timeZone: 'UTC' })
    expect(alertRuleAttributes(values, true)).not.toHaveProperty('chat_webhook_url')
    expect(
      alertRuleAttributes({ ...values, chatWebhookUrl: ' https://hooks.example.com/x ' }, true)
        .chat_webhook_url,
    ).toBe('https://hooks.example.com/x')
    expect(alertRuleAttributes({ ...values, channels: ['email'] }, true).chat_webhook_url).toBeNull()
  })
})

it('addresses may be separated by commas, spaces or semicolons', () => {
  expect(emailsFrom('a@example.com, b@example.com;c@example.com\n d@example.com,,')).toEqual([
    'a@example.com',
    'b@example.com',
    'c@example.com',
    'd@example.com',
  ])
})

it("a 422's pointer lands on the field that holds the value", () => {
  expect(fieldForPointer('/data/attributes/condition/days')).toBe('parameter')
  expect(fieldForPointer('/data/attributes/condition/kind')).toBe('conditionKind')
  expect(fieldForPointer('/data/attributes/scope/party_id')).toBe('partyId')
  expect(fieldForPointer('/data/attributes/recipient_user_ids/0')).toBe('recipientUserIds')
  expect(fieldForPointer('/data/attributes/chat_webhook_url')).toBe('chatWebhookUrl')
  expect(fieldForPointer('/data/attributes/mute_times/1/from')).toBe('muteTimes')
  expect(fieldForPointer('/data')).toBeUndefined()
  expect(fieldForPointer(undefined)).toBeUndefined()
})

it('the preview asks about a draft the contract accepts, and never sends the chat channel or its URL, a secret', () => {
  const values = alertRuleFormValues(undefined, { timeZone: 'UTC' })
  const body = previewBody({
    ...values,
    name: ' ',
    channels: ['chat'],
    chatWebhookUrl: 'https://hooks.slack.com/services/T0/B0/secret',
  })
  expect(body.name).toBe('Preview')
  expect(JSON.stringify(body)).not.toContain('secret')
  expect(body.channels).toEqual(['in_app'])
  expect(previewBody({ ...values, channels: ['email', 'chat'] }).channels).toEqual(['email'])
  expect(valid(body)).toBe(true)
  expect(previewBody({ ...values, name: 'x', channels: [] }).channels).toEqual(['in_app'])
})
