import { describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, scanJson } from './bounded-json'

const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

describe('scanJson', () => {
  it('accepts nesting up to the limit and stops at the first level past it', () => {
    expect(scanJson(nest(MAX_JSON_DEPTH))).toEqual({ nul: undefined })
    expect(scanJson(nest(MAX_JSON_DEPTH + 1)).tooDeep).toEqual(Array(MAX_JSON_DEPTH).fill('0'))
  })

  it('names keys and array positions on the way to the deep part', () => {
    const text = `{"a":1,"b":[0,{"c\\/d":${nest(10)}}]}`
    expect(scanJson(text, 4).tooDeep).toEqual(['b', '1', 'c/d', '0'])
  })

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(scanJson(`{"x":"[[[[\\"[[[[","y":[]}`, 2)).toEqual({ nul: undefined })
  })

  it('finds the first NUL in a value or a key, and not an escaped backslash before u0000', () => {
    expect(scanJson('{"a":["ok","x\\u0000"]}').nul).toEqual(['a', '1'])
    expect(scanJson('{"k\\u0000":1}').nul).toEqual(['k\u0000'])
    expect(scanJson('{"a":"\\\\u0000"}').nul).toBeUndefined()
    expect(scanJson('"\\u0000"').nul).toEqual([])
  })

  it('scans a megabyte of nesting-free text in one pass', () => {
    const text = JSON.stringify({
      data: Array.from({ length: 20_000 }, (_, i) => ({ i, s: 'x'.repeat(40) })),
    })
    expect(scanJson(text)).toEqual({ nul: undefined })
  })
})
