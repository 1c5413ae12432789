import { describe, expect, it } from 'vitest'
import {
  describeErrors,
  liveResponse,
  loadReference,
  responseValidators,
  webhookExample,
} from './reference-document'
import { REFERENCE_FAULTS, withFaultsFixed } from './reference-faults'

const reference = loadReference()

describe('each known fault of the reference document', () => {
  it.each(REFERENCE_FAULTS.map((fault) => [fault.name, fault] as const))(
    '%s: its proof fails the document without the fix and fits it with every fix',
    (_, fault) => {
      const without = responseValidators(withFaultsFixed(reference, fault))
      const fixed = responseValidators(withFaultsFixed(reference))
      const { proof } = fault
      if ('unresolvable' in proof) {
        expect(() => without(proof.unresolvable, 200)).toThrow(/can't resolve reference/)
        expect(fixed(proof.unresolvable, 200)).toBeTypeOf('function')
        return
      }
      if ('component' in proof) {
        const resources = ((webhookExample(proof.example).included ?? []) as { type: string }[]).filter(
          (resource) => resource.type === proof.component,
        )
        expect(resources.length).toBeGreaterThan(0)
        expect(resources.every((resource) => without.component(proof.component)(resource))).toBe(false)
        const validate = fixed.component(proof.component)
        for (const resource of resources) expect(validate(resource), describeErrors(validate)).toBe(true)
        return
      }
      const body = 'file' in proof ? liveResponse(proof.file) : webhookExample(proof.example)
      expect(without(proof.operation, 200)!(body)).toBe(false)
      const validate = fixed(proof.operation, 200)!
      expect(validate(body), describeErrors(validate)).toBe(true)
    },
  )

  it('is listed once', () => {
    const names = REFERENCE_FAULTS.map((fault) => fault.name)
    expect(new Set(names).size).toBe(names.length)
  })
})
