import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPickedTexts } from './picked-texts'

const names = (...list: string[]) => new Set(list)

describe("a fieldset's members of a kept text", () => {
  afterEach(() => vi.restoreAllMocks())

  it('writes the named members as JSON would, and parses a text again only once it changes', () => {
    const pick = createPickedTexts()
    const parse = vi.spyOn(JSON, 'parse')
    const text = '{"number": "MSCU1234565", "holds":[{"name":"customs"}], "weight":null}'
    expect(pick(text, names('holds', 'weight'), 'c:holds,weight')).toBe(
      '{"holds":[{"name":"customs"}],"weight":null}',
    )
    expect(pick(text, names('holds', 'weight'), 'c:holds,weight')).toBe(
      '{"holds":[{"name":"customs"}],"weight":null}',
    )
    expect(parse).toHaveBeenCalledTimes(1)
    expect(pick(text, names('number'), 'c:number')).toBe('{"number":"MSCU1234565"}')
    expect(pick(text.replace('customs', 'USDA'), names('holds'), 'c:holds')).toBe(
      '{"holds":[{"name":"USDA"}]}',
    )
    expect(parse).toHaveBeenCalledTimes(3)
  })

  it('keeps no more than it is given room for', () => {
    const pick = createPickedTexts(200 * 8)
    const parse = vi.spyOn(JSON, 'parse')
    const texts = Array.from({ length: 10 }, (_, n) => `{"n":${n},"padding":"${'x'.repeat(20)}"}`)
    for (const text of texts) pick(text, names('n'), 'c:n')
    pick(texts[0], names('n'), 'c:n')
    expect(parse).toHaveBeenCalledTimes(11)
  })
  it('keeps the texts of a few fieldsets at once, letting the oldest go', () => {
    const pick = createPickedTexts()
    const parse = vi.spyOn(JSON, 'parse')
    const text = '{"a":1,"b":2}'
    for (let n = 0; n < 9; n++) pick(text, names('a'), `c:a:${n}`)
    pick(text, names('a'), 'c:a:8')
    expect(parse).toHaveBeenCalledTimes(9)
    pick(text, names('a'), 'c:a:0')
    expect(parse).toHaveBeenCalledTimes(10)
  })
})
