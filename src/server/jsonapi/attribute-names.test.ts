import { describe, expect, it } from 'vitest'
import { ContainerAttributes } from '../../contract/containers'
import { ShipmentAttributes } from '../../contract/shipments'
import { containerResource } from './container-resource'
import { shipmentResource } from './shipment-resource'

// a client asking the contract's names as a fieldset then gets the database's text as it is, not a re-parse
describe('the attributes a resource shows are the contract’s, name for name', () => {
  it.each([
    ['container', containerResource.attributeNames, ContainerAttributes],
    ['shipment', shipmentResource.attributeNames, ShipmentAttributes],
  ])('%s', (_, shown, contract) => {
    expect([...(shown ?? [])].sort()).toEqual(Object.keys(contract).sort())
  })
})
