import { describe, expect, it } from 'vitest'
import { Problem } from '../http/problem'
import { parseInclude } from './include-paths'
import { type DefinitionRegistry, renderDocument } from './render'
import { stringifyShown } from './shown-json'
import { readSparseFields } from './sparse-fields'

type Row = { id: string; kind?: string; parent?: string }

/** A note points at a box or a crate (or a type nobody registered); boxes hold items, crates name a port. */
const registry: DefinitionRegistry = {
  note: {
    type: 'note',
    attributes: () => ({}),
    relationships: {
      subject: {
        kind: 'one',
        target: ['box', 'crate', 'ghost'],
        key: (row: Row) => ({ type: row.kind!, id: row.parent! }),
      },
    },
    loadByIds: async () => [],
  },
  box: {
    type: 'box',
    attributes: () => ({}),
    relationships: {
      items: {
        kind: 'many',
        target: 'item',
        load: async (_, rows: Row[]) => new Map(rows.map((r) => [r.id, [{ id: `${r.id}-item` }]])),
      },
    },
    loadByIds: async (_, ids) => ids.map((id) => ({ id })),
  },
  crate: {
    type: 'crate',
    attributes: () => ({}),
    relationships: { port: { kind: 'one', target: 'port', key: () => 'p1' } },
    loadByIds: async (_, ids) => ids.map((id) => ({ id })),
  },
  item: { type: 'item', attributes: () => ({}), relationships: {}, loadByIds: async () => [] },
  port: {
    type: 'port',
    attributes: () => ({}),
    relationships: {},
    loadByIds: async (_, ids) => ids.map((id) => ({ id })),
  },
}

const notes: Row[] = [
  { id: 'n1', kind: 'box', parent: 'b1' },
  { id: 'n2', kind: 'crate', parent: 'c1' },
  { id: 'n3', kind: 'ghost', parent: 'g1' },
]
const render = (include: string) =>
  renderDocument(registry, 'note', notes, parseInclude(include), { storage: null, accountId: 'a' })

describe('includes through a relationship with several target types', () => {
  it('accepts a nested name that any target has, and follows it only where it exists', async () => {
    const document = await render('subject.items,subject.port')
    const included = (document.included ?? []).map((r) => `${r.type}:${r.id}`)
    expect(included.sort()).toEqual(['box:b1', 'crate:c1', 'item:b1-item', 'port:p1'])
  })

  it('keeps the linkage to a type it cannot render, and does not fail looking below it', async () => {
    const document = await render('subject.port')
    const data = document.data as { relationships?: { subject: { data: unknown } } }[]
    expect(data[2].relationships?.subject.data).toEqual({ type: 'ghost', id: 'g1' })
  })

  it('refuses a nested name no target has, naming the include parameter', async () => {
    const refused = await render('subject.captain').catch((error) => error)
    expect(refused).toBeInstanceOf(Problem)
    expect(refused.status).toBe(400)
    expect(refused.errors[0].source).toEqual({ parameter: 'include' })
  })
})

/** Shelves hold books: each test links them its own way. */
const shelvesWith = (books: DefinitionRegistry[string]['relationships'][string]): DefinitionRegistry => ({
  shelf: { type: 'shelf', attributes: () => ({}), relationships: { books }, loadByIds: async () => [] },
  book: {
    type: 'book',
    attributes: (row: { title: string }) => ({ title: row.title }),
    relationships: {},
    loadByIds: async () => [],
  },
})
const booksOf = (rows: Row[]) => new Map(rows.map((r) => [r.id, [{ id: `${r.id}-b1`, title: 'T' }]]))

describe('to-many linkage', () => {
  const loaded: string[] = []
  const shelves = shelvesWith({
    kind: 'many',
    target: 'book',
    load: async (_, rows: Row[]) => {
      loaded.push('rows')
      return booksOf(rows)
    },
    ids: async (_, rows: Row[]) => {
      loaded.push('ids')
      return new Map(rows.map((r) => [r.id, [{ id: `${r.id}-b1` }]]))
    },
  })
  const shelf = (include: string) =>
    renderDocument(shelves, 'shelf', [{ id: 's1' }], parseInclude(include), { storage: null, accountId: 'a' })

  it('reads only the related ids when the relationship is not included, and whole rows when it is', async () => {
    loaded.length = 0
    const bare = await shelf('')
    expect(bare.data).toEqual([
      {
        id: 's1',
        type: 'shelf',
        relationships: { books: { data: [{ type: 'book', id: 's1-b1' }] } },
        attributes: {},
      },
    ])
    expect(loaded).toEqual(['ids'])
    const withBooks = await shelf('books')
    expect(withBooks.data).toEqual(bare.data)
    expect(withBooks.included).toEqual([{ id: 's1-b1', type: 'book', attributes: { title: 'T' } }])
    expect(loaded).toEqual(['ids', 'rows'])
  })
})

describe('linkage the database wrote as JSON', () => {
  const shelves = shelvesWith({
    kind: 'many',
    target: 'book',
    load: async (_, rows: Row[]) => booksOf(rows),
    linkageJson: async () => new Map([['s1', '[{"type":"book","id":"s1-b1"},{"type":"book","id":"s1-b2"}]']]),
  })
  const shelf = (include: string, raw: boolean) =>
    renderDocument(shelves, 'shelf', [{ id: 's1' }, { id: 's2' }], parseInclude(include), {
      storage: null,
      accountId: 'a',
      raw,
    })
  const linked = [
    { type: 'book', id: 's1-b1' },
    { type: 'book', id: 's1-b2' },
  ]

  it('is written into the answer as it is, or parsed where the document is read, and a parent without any links to none', async () => {
    const written = JSON.parse(stringifyShown(await shelf('', true)))
    const parsed = await shelf('', false)
    for (const document of [written, parsed])
      expect(document.data.map((r: { relationships: unknown }) => r.relationships)).toEqual([
        { books: { data: linked } },
        { books: { data: [] } },
      ])
  })

  it('gives way to whole rows when the relationship is included', async () => {
    const included = await shelf('books', false)
    const [first] = [included.data].flat()
    expect(first.relationships).toEqual({ books: { data: [{ type: 'book', id: 's1-b1' }] } })
    expect(included.included).toHaveLength(2)
  })
})

describe('sparse fieldsets', () => {
  const linkageAsked: string[] = []
  const shelves: DefinitionRegistry = {
    ...shelvesWith({
      kind: 'many',
      target: 'book',
      load: async (_, rows: Row[]) => booksOf(rows),
      linkageJson: async () => {
        linkageAsked.push('books')
        return new Map([['s1', '[{"type":"book","id":"s1-b1"}]']])
      },
    }),
  }
  shelves.shelf = {
    ...shelves.shelf,
    attributeNames: ['label', 'floor'],
    relationships: { ...shelves.shelf.relationships, room: { kind: 'one', target: 'room', key: () => 'r1' } },
  }
  shelves.room = {
    type: 'room',
    attributes: () => ({ name: 'Stacks', size: 9 }),
    relationships: {},
    loadByIds: async (_, ids) => ids.map((id) => ({ id })),
  }
  // spaced as no JSON.stringify would write it, so a kept text shows
  const row = { id: 's1', attributes_json: '{"label": "A", "floor":2}' }
  const shelf = (include: string, fields: Record<string, string[]>) =>
    renderDocument(shelves, 'shelf', [row], parseInclude(include), {
      storage: null,
      accountId: 'a',
      raw: true,
      fields: new Map(Object.entries(fields).map(([type, names]) => [type, new Set(names)])),
    })

  it('keeps the database text whole when the fieldset names every attribute, and asks no linkage it leaves out', async () => {
    linkageAsked.length = 0
    const text = stringifyShown(await shelf('', { shelf: ['floor', 'label', 'room', 'unknown'] }))
    expect(text).toContain('"attributes":{"label": "A", "floor":2}')
    expect(JSON.parse(text).data[0].relationships).toEqual({ room: { data: { type: 'room', id: 'r1' } } })
    expect(linkageAsked).toEqual([])
  })

  it('shows only the named attributes of each type, in the data and in included', async () => {
    const document = JSON.parse(stringifyShown(await shelf('room', { shelf: ['floor'], room: ['name'] })))
    expect(document.data[0].attributes).toEqual({ floor: 2 })
    expect(document.data[0].relationships).toBeUndefined()
    // left out of the fieldset, the included room is still there: the include asked for it
    expect(document.included).toEqual([{ id: 'r1', type: 'room', attributes: { name: 'Stacks' } }])
  })

  it('leaves a type the fieldsets do not name whole', async () => {
    const document = JSON.parse(stringifyShown(await shelf('room', { room: ['size'] })))
    expect(document.data[0].attributes).toEqual({ label: 'A', floor: 2 })
    expect(Object.keys(document.data[0].relationships).sort()).toEqual(['books', 'room'])
    expect(document.included[0].attributes).toEqual({ size: 9 })
  })
})

describe('reading fieldsets', () => {
  const read = (entries: Record<string, string>) =>
    readSparseFields(new Map(Object.entries(entries)), ['shelf'])

  it('splits each list on commas', () => {
    expect(read({ shelf: 'label, floor' }).get('shelf')).toEqual(new Set(['label', 'floor']))
  })

  it('refuses a type the API lacks and a name that cannot be a field, naming the parameter', () => {
    for (const [entries, detail] of [
      [{ shelff: 'label' }, 'fields[shelff] names no resource type of this API'],
      [{ shelf: 'label,<b>' }, "fields[shelf] holds '<b>', which is not a field name"],
      [{ shelf: 'label,,floor' }, "fields[shelf] holds '', which is not a field name"],
    ] as const) {
      const refused = (() => {
        try {
          read(entries)
        } catch (error) {
          return error as Problem
        }
      })()
      expect(refused?.status).toBe(400)
      expect(refused?.errors[0]).toMatchObject({
        detail,
        source: { parameter: Object.keys(entries).map((t) => `fields[${t}]`)[0] },
      })
    }
  })
})
