import { describe, expect, it } from 'vitest'
import { ShownJson, stringifyShown } from './shown-json'

describe('a document with attributes the database wrote', () => {
  it('carries each text as it is, wherever it sits', () => {
    const document = {
      data: [
        { id: '1', attributes: new ShownJson('{"a": [1, 2], "b" : "x"}') },
        { id: '2', attributes: new ShownJson('{"c":null}') },
      ],
      included: [{ id: '3', attributes: { d: 'plain' } }],
    }
    const text = stringifyShown(document)
    expect(text).toBe(
      '{"data":[{"id":"1","attributes":{"a": [1, 2], "b" : "x"}},{"id":"2","attributes":{"c":null}}],"included":[{"id":"3","attributes":{"d":"plain"}}]}',
    )
  })

  it('leaves a string that looks like a mark alone, and parses the text anywhere else', () => {
    const lookalike = '\u0000raw:0'
    expect(JSON.parse(stringifyShown({ s: lookalike, a: new ShownJson('{"x":1}') }))).toEqual({
      s: lookalike,
      a: { x: 1 },
    })
    expect(JSON.stringify({ a: new ShownJson('{"x": 1}') })).toBe('{"a":{"x":1}}')
  })
})
