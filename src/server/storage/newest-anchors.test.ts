import { describe, expect, it } from 'vitest'
import { ANCHOR_EVERY, createAnchorKeeper } from './newest-anchors'

const found = (stamp: string, blocks: number) =>
  Array.from({ length: blocks }, (_, block) => ({
    stamp,
    at: `2026-01-01 00:00:${String(block).padStart(2, '0')}+00`,
    id: `row-${block}`,
    n: String(block * ANCHOR_EVERY + 1),
  }))

describe('the anchors of a deep list', () => {
  it('walks the list once for many deep pages asked at once, and again only for a new version of it', async () => {
    const walks: string[] = []
    const keeper = createAnchorKeeper(async (accountId) => {
      walks.push(accountId)
      await new Promise((done) => setTimeout(done, 10))
      return found(walks.length > 1 ? 'v2' : 'v1', 5)
    })
    const asked = await Promise.all([1, 2, 3, 4, 2, 1].map((block) => keeper('account', 'v1', block)))
    expect(asked.map((anchor) => anchor?.id)).toEqual(['row-1', 'row-2', 'row-3', 'row-4', 'row-2', 'row-1'])
    expect(await keeper('account', 'v1', 3)).toEqual({ at: '2026-01-01 00:00:03+00', id: 'row-3' })
    expect(walks).toHaveLength(1)
    expect((await keeper('account', 'v2', 2))?.id).toBe('row-2')
    expect(walks).toHaveLength(2)
    expect(await keeper('account', 'v2', 7)).toBeUndefined()
  })

  it('keeps nothing read from a list that changed before the walk', async () => {
    let walks = 0
    const keeper = createAnchorKeeper(async () => found(++walks === 1 ? 'newer' : 'v1', 3))
    expect(await keeper('account', 'v1', 1)).toBeUndefined()
    expect((await keeper('account', 'v1', 1))?.id).toBe('row-1')
    expect(walks).toBe(2)
  })
})
