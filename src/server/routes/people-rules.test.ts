import { describe, expect, it } from 'vitest'
import { partyRefusal, roleChangeRefusal } from './people-rules'

describe('who may give which role', () => {
  it('lets an owner make and unmake owners while another owner remains', () => {
    expect(roleChangeRefusal('owner', 'admin', 'owner', 1)).toBeUndefined()
    expect(roleChangeRefusal('owner', 'owner', 'viewer', 2)).toBeUndefined()
  })

  it('never leaves the account without an owner', () => {
    expect(roleChangeRefusal('owner', 'owner', 'admin', 1)).toMatchObject({ status: 422, code: 'last_owner' })
  })

  it('refuses an admin making or unmaking an owner', () => {
    expect(roleChangeRefusal('admin', 'viewer', 'owner', 1)).toMatchObject({
      status: 403,
      code: 'role_forbidden',
    })
    expect(roleChangeRefusal('admin', 'owner', 'viewer', 2)).toMatchObject({
      status: 403,
      detail: 'Only an owner makes or unmakes an owner',
    })
  })

  it('lets an admin grant up to admin, and nobody below admin grant anything', () => {
    expect(roleChangeRefusal('admin', null, 'admin', 1)).toBeUndefined()
    expect(roleChangeRefusal('admin', 'operator', 'customer', 1)).toBeUndefined()
    expect(roleChangeRefusal('operator', null, 'viewer', 1)).toMatchObject({ status: 403 })
  })

  it('asks a customer for a party, and nobody else', () => {
    expect(partyRefusal('customer', null)).toMatchObject({
      status: 422,
      pointer: '/data/attributes/party_id',
    })
    expect(partyRefusal('customer', 'a-party')).toBeUndefined()
    expect(partyRefusal('viewer', null)).toBeUndefined()
  })
})
