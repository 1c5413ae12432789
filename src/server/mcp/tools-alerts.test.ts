import { describe, expect, it } from 'vitest'
import { AlertRuleCreateSchema } from '../../contract/alerts'
import { ToolRefusal } from './tool-kit'
import { alertRuleBody } from './tools-alerts'

describe('create_alert_rule builds the body the contract takes', () => {
  it('fills the condition’s parameter with its default, and the scope and channel with all and in-app', () => {
    const body = alertRuleBody({ name: 'LFD soon', condition: 'lfd_within' } as Parameters<
      typeof alertRuleBody
    >[0])
    expect(AlertRuleCreateSchema.parse(body).data.attributes).toEqual({
      name: 'LFD soon',
      condition: { kind: 'lfd_within', days: 2 },
      scope: { kind: 'all' },
      channels: ['in_app'],
    })
  })
  it('takes the hours of an ETA slip and a customer scope', () => {
    const body = alertRuleBody({
      name: 'Late',
      condition: 'eta_slipped',
      hours: 12,
      scope: 'customer',
      party_id: '00000000-0000-4000-8000-000000000001',
      channels: ['email'],
      recipient_emails: ['ops@example.com'],
    } as Parameters<typeof alertRuleBody>[0])
    expect(body.data.attributes.condition).toEqual({ kind: 'eta_slipped', hours: 12 })
    expect(body.data.attributes.scope).toEqual({
      kind: 'customer',
      party_id: '00000000-0000-4000-8000-000000000001',
    })
  })
  it('refuses, in words, what the contract refuses', () => {
    const tooFar = { name: 'x', condition: 'lfd_within', days: 99 } as Parameters<typeof alertRuleBody>[0]
    expect(() => alertRuleBody(tooFar)).toThrow(ToolRefusal)
    expect(() => alertRuleBody(tooFar)).toThrow(/^The rule is not valid: condition\.days/)
    const badEmail = { name: 'x', condition: 'hold_appeared', recipient_emails: ['not an address'] }
    expect(() => alertRuleBody(badEmail as Parameters<typeof alertRuleBody>[0])).toThrow(/recipient_emails/)
  })
})
