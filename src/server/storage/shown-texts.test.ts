import { describe, expect, it } from 'vitest'
import { createShownTexts, type Versioned, type Written } from './shown-texts'

type Row = Versioned & { key: string }

/** The database as `written` sees it: each row's current version and text, and the ids asked for. */
const database = (
  rows: Written<Row>[],
): {
  asked: string[][]
  current: Map<string, Written<Row>>
  written: (ids: string[]) => Promise<Written<Row>[]>
  keyed: (...ids: string[]) => Row[]
} => {
  const asked: string[][] = []
  const current = new Map(rows.map((row) => [row.id, row]))
  return {
    asked,
    current,
    written: async (ids: string[]) => {
      asked.push(ids)
      return ids.flatMap((id) => (current.has(id) ? [{ ...current.get(id)! }] : []))
    },
    /** A list's first read: keys and versions, without attributes. */
    keyed: (...ids: string[]) =>
      ids.map((id) => {
        const { attributes_json: _text, ...keys } = current.get(id)!
        return keys
      }),
  }
}
const row = (id: string, version: string, text = `{"v":"${id}${version}"}`) => ({
  id,
  version,
  key: `k${id}`,
  attributes_json: text,
})

describe('createShownTexts', () => {
  it('writes a row once for each version and keeps the order it was given', async () => {
    const withTexts = createShownTexts(1 << 20)
    const db = database([row('a', '1'), row('b', '1'), row('c', '1')])
    expect(await withTexts(db.keyed('c', 'a', 'b'), db.written)).toEqual([
      row('c', '1'),
      row('a', '1'),
      row('b', '1'),
    ])
    expect(await withTexts(db.keyed('b', 'c'), db.written)).toEqual([row('b', '1'), row('c', '1')])
    expect(db.asked).toEqual([['c', 'a', 'b']])
  })

  it('writes again a row whose version changed, and only that row', async () => {
    const withTexts = createShownTexts(1 << 20)
    const db = database([row('a', '1'), row('b', '1')])
    await withTexts(db.keyed('a', 'b'), db.written)
    db.current.set('b', row('b', '2', '{"v":"new"}'))
    expect(await withTexts(db.keyed('a', 'b'), db.written)).toEqual([
      row('a', '1'),
      row('b', '2', '{"v":"new"}'),
    ])
    expect(db.asked).toEqual([['a', 'b'], ['b']])
  })

  it('takes a row changed between the two reads as the second read found it, keys and all', async () => {
    const withTexts = createShownTexts(1 << 20)
    const db = database([row('a', '1')])
    const keyed = db.keyed('a')
    db.current.set('a', { ...row('a', '2', '{"v":"later"}'), key: 'moved' })
    expect(await withTexts(keyed, db.written)).toEqual([{ ...row('a', '2', '{"v":"later"}'), key: 'moved' }])
    // kept under the version it was written for: the first read's version is still unknown
    expect(await withTexts(db.keyed('a'), db.written)).toEqual([
      { ...row('a', '2', '{"v":"later"}'), key: 'moved' },
    ])
    expect(db.asked).toEqual([['a']])
  })

  it('leaves out a row deleted between the two reads', async () => {
    const withTexts = createShownTexts(1 << 20)
    const db = database([row('a', '1'), row('b', '1')])
    const keyed = db.keyed('a', 'b')
    db.current.delete('a')
    expect(await withTexts(keyed, db.written)).toEqual([row('b', '1')])
  })

  it('forgets the least recently read texts beyond its size', async () => {
    const text = 'x'.repeat(1000)
    const withTexts = createShownTexts(2500)
    const db = database([row('a', '1', text), row('b', '1', text), row('c', '1', text)])
    await withTexts(db.keyed('a'), db.written)
    await withTexts(db.keyed('b'), db.written)
    await withTexts(db.keyed('a'), db.written)
    await withTexts(db.keyed('c'), db.written)
    await withTexts(db.keyed('a', 'b'), db.written)
    expect(db.asked).toEqual([['a'], ['b'], ['c'], ['b']])
  })

  it('keeps nothing when given no room: every row is written at every read', async () => {
    const withTexts = createShownTexts(0)
    const db = database([row('a', '1'), row('b', '1')])
    expect(await withTexts(db.keyed('b', 'a'), db.written)).toEqual([
      db.current.get('b'),
      db.current.get('a'),
    ])
    expect(await withTexts(db.keyed('a'), db.written)).toEqual([db.current.get('a')])
    expect(db.asked).toEqual([['b', 'a'], ['a']])
    expect(await withTexts(db.keyed(), db.written)).toEqual([])
    expect(db.asked).toHaveLength(2)
  })

  it('asks nothing for an empty page', async () => {
    const withTexts = createShownTexts(1 << 20)
    const db = database([])
    expect(await withTexts(db.keyed(), db.written)).toEqual([])
    expect(db.asked).toEqual([])
  })
})
