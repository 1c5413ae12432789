import { describe, expect, it } from 'vitest'
import { verifyUpstreamKey } from './verify-key'

const MINE = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']

/** An upstream whose key `key` sees the shipments `sees`, and nothing else by id. */
const upstream = (sees: string[]) => {
  const asked: string[] = []
  const fetch = (async (input: string | URL | Request) => {
    const path = new URL(String(input)).pathname
    asked.push(path)
    const id = path.match(/\/shipments\/(.+)$/)?.[1]
    const found = !id || sees.includes(id)
    return new Response(
      JSON.stringify(found ? { data: id ? { id, type: 'shipment' } : [] } : { errors: [] }),
      {
        status: found ? 200 : 404,
      },
    )
  }) as typeof globalThis.fetch
  return { fetch, asked }
}

const verify = (fetch: typeof globalThis.fetch, mirrored?: string[]) =>
  verifyUpstreamKey({
    baseUrl: 'https://upstream.test/v2',
    apiKey: 'new-key',
    fetch,
    now: () => new Date('2026-11-22T12:00:00Z'),
    urlProblem: async () => undefined,
    mirrored,
  })

describe('replacing a connection’s key', () => {
  it('takes a key that reads one of the mirrored shipments', async () => {
    const { fetch, asked } = upstream([MINE[1]])
    await expect(verify(fetch, MINE)).resolves.toBeUndefined()
    expect(asked).toContain(`/v2/shipments/${MINE[1]}`)
  })

  it('refuses a key of another upstream account, pointing at the key', async () => {
    const { fetch } = upstream([])
    const refused = await verify(fetch, MINE).catch((error) => error)
    expect(refused.status).toBe(422)
    expect(refused.errors[0]).toMatchObject({
      code: 'upstream_account_changed',
      source: { pointer: '/data/attributes/api_key' },
    })
    expect(refused.errors[0].detail).toMatch(/^This key belongs to another upstream account/)
  })

  it('takes any key for a connection that mirrors nothing yet', async () => {
    const { fetch, asked } = upstream([])
    await expect(verify(fetch, [])).resolves.toBeUndefined()
    expect(asked.filter((path) => /\/shipments\/./.test(path))).toEqual([])
  })
})
