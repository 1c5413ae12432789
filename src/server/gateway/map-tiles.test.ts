import { describe, expect, it } from 'vitest'
import { SessionSchema } from '../../contract/session'
import { readConfig } from '../config'
import { createGateway } from './gateway'
import { createSessionStore } from './sessions'

const KEY = 'good-key-123456'
const TILES = { url: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example Maps' }
const service = async () =>
  new Response('{"data":[]}', { headers: { 'content-type': 'application/vnd.api+json' } })

describe('map tiles (MAP_TILE_URL)', () => {
  it('reads the tile template with its attribution', () => {
    expect(
      readConfig({ MAP_TILE_URL: TILES.url, MAP_TILE_ATTRIBUTION: ' © Example Maps ' }).mapTiles,
    ).toEqual(TILES)
    expect(readConfig({}).mapTiles).toBeUndefined()
  })

  it('refuses a template without {z}, {x} and {y}, one not over http(s), and tiles without attribution', () => {
    expect(() =>
      readConfig({ MAP_TILE_URL: 'https://tiles.example.com/a.png', MAP_TILE_ATTRIBUTION: 'x' }),
    ).toThrow(/MAP_TILE_URL must be/)
    expect(() => readConfig({ MAP_TILE_URL: 'file:///{z}/{x}/{y}', MAP_TILE_ATTRIBUTION: 'x' })).toThrow(
      /MAP_TILE_URL must be/,
    )
    expect(() => readConfig({ MAP_TILE_URL: TILES.url })).toThrow(/MAP_TILE_ATTRIBUTION/)
  })

  it('tells a signed-in dashboard about the tiles and lets images come from their server, and only then', async () => {
    const demo = { apiKey: KEY, readOnlyKey: `${KEY}-read`, access: 'read-write' as const }
    const withTiles = createGateway({ service, sessions: createSessionStore(), demo, mapTiles: TILES })
    const opened = await withTiles.request('/session')
    expect(SessionSchema.parse(await opened.json()).mapTiles).toEqual(TILES)
    expect(opened.headers.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https: https://tiles.example.com;",
    )

    const without = createGateway({ service, sessions: createSessionStore(), demo })
    const plain = await without.request('/session')
    expect((await plain.json()).mapTiles).toBeUndefined()
    expect(plain.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https:;")
  })

  it('says nothing about tiles to a browser that is not signed in', async () => {
    const app = createGateway({ service, sessions: createSessionStore(), mapTiles: TILES })
    expect((await (await app.request('/session')).json()).mapTiles).toBeUndefined()
  })
})
