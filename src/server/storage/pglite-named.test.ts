import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withNamedStatements } from './pglite-named'

describe('PGlite statements parsed once under a name', () => {
  let client: PGlite
  beforeAll(async () => {
    client = await PGlite.create()
    await client.exec(
      `create table items (id uuid primary key, at timestamptz, n int, tags text[], doc jsonb, note text unique)`,
    )
  })
  afterAll(() => client?.close())

  const prepared = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (row) => row.name,
    )

  it('answers as PGlite’s own query does, values of every kind and nulls included', async () => {
    const named = withNamedStatements(client)
    const values = [
      '00000000-0000-4000-8000-000000000001',
      new Date('2026-11-26T10:11:12.345Z'),
      7,
      ['a', 'b,c', 'd"e'],
      { nested: [1, 'two'] },
      null,
    ]
    await named.query('insert into items values ($1, $2, $3, $4, $5, $6)', values)
    for (const options of [{}, { rowMode: 'array' as const }]) {
      const text = 'select * from items where id = $1 and n >= $2'
      const theirs = await client.query(text, [values[0], 1], options)
      const ours = await named.query(text, [values[0], 1], options)
      expect(ours.rows).toEqual(theirs.rows)
      expect(ours.fields).toEqual(theirs.fields)
    }
  })

  it('takes a statement’s own parsers before the client’s, as drizzle’s keep timestamps as text', async () => {
    const named = withNamedStatements(client)
    const options = { rowMode: 'array' as const, parsers: { 1184: (value: string) => `kept ${value}` } }
    const text = 'select * from items where n = $1'
    const ours = await named.query<unknown[]>(text, [7], options)
    expect(ours.rows).toEqual((await client.query(text, [7], options)).rows)
    // its own for its type; the client's for every other, with nothing of its own left behind for the next
    expect(ours.rows[0][1]).toMatch(/^kept 2026-11-26/)
    expect(ours.rows[0][4]).toEqual({ nested: [1, 'two'] })
    expect((await named.query<unknown[]>(text, [7], { rowMode: 'array' })).rows[0][1]).toBeInstanceOf(Date)
  })

  it('parses a text once, however often it runs', async () => {
    const named = withNamedStatements(client)
    const before = (await prepared()).length
    for (let n = 0; n < 20; n++)
      expect((await named.query<{ n: number }>('select $1::int + 1 as n', [n])).rows).toEqual([{ n: n + 1 }])
    expect((await prepared()).length).toBe(before + 1)
  })

  it('closes the least used statements past the number it keeps', async () => {
    const named = withNamedStatements(client, 3)
    const before = await prepared()
    for (let n = 0; n < 10; n++) await named.query(`select ${n} as n where $1::int > 0`, [1])
    const mine = (await prepared()).filter((name) => !before.includes(name))
    expect(mine.length).toBeLessThanOrEqual(3)
  })

  it('throws the database’s error and answers the next query, a bad text or a broken rule alike', async () => {
    const named = withNamedStatements(client)
    await expect(named.query('select * from nowhere where id = $1', [1])).rejects.toMatchObject({
      code: '42P01',
    })
    const row = ['00000000-0000-4000-8000-000000000002', 'taken']
    await named.query('insert into items (id, note) values ($1, $2)', row)
    await expect(
      named.query('insert into items (id, note) values ($1, $2)', [
        '00000000-0000-4000-8000-000000000003',
        'taken',
      ]),
    ).rejects.toMatchObject({ code: '23505' })
    expect((await named.query('select note from items where id = $1', [row[0]])).rows).toEqual([
      { note: 'taken' },
    ])
  })

  it('waits for a transaction in progress rather than running inside it', async () => {
    const named = withNamedStatements(client)
    const order: string[] = []
    let inside: () => void = () => {}
    const begun = new Promise<void>((resolve) => {
      inside = resolve
    })
    const transaction = named.transaction(async (tx) => {
      await tx.query("insert into items (id, note) values ('00000000-0000-4000-8000-000000000004', 'held')")
      inside()
      await new Promise((resolve) => setTimeout(resolve, 50))
      order.push('transaction')
      throw new Error('rolled back')
    })
    await begun
    const read = named
      .query('select count(*)::int as n from items where note = $1', ['held'])
      .then((result) => {
        order.push('read')
        return result.rows
      })
    await expect(transaction).rejects.toThrow('rolled back')
    expect(await read).toEqual([{ n: 0 }])
    expect(order).toEqual(['transaction', 'read'])
  })
})
