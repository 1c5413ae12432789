import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createGateway } from './gateway'
import { createSessionStore } from './sessions'

const SOURCE = `console.log(${JSON.stringify('quayside '.repeat(400))})`

/** A built dashboard as `vite build` leaves it: each asset beside its .br and .gz. */
function builtDashboard() {
  const root = mkdtempSync(join(tmpdir(), 'quayside-precompressed-'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Quayside</title>')
  writeFileSync(join(root, 'assets', 'app.js'), SOURCE)
  writeFileSync(join(root, 'assets', 'app.js.br'), brotliCompressSync(SOURCE))
  writeFileSync(join(root, 'assets', 'app.js.gz'), gzipSync(SOURCE))
  return createGateway({
    service: async () => new Response(null, { status: 500 }),
    sessions: createSessionStore(),
    staticRoot: root,
  })
}

describe('the built dashboard, precompressed', () => {
  const app = builtDashboard()

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ])('sends an asset precompressed to a browser accepting %s', async (accept, encoding) => {
    const response = await app.request('/assets/app.js', { headers: { 'Accept-Encoding': accept } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe(encoding)
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(response.headers.get('content-type')).toMatch(/javascript/)
    expect(response.headers.get('cache-control')).toContain('immutable')
    expect(Number(response.headers.get('content-length'))).toBeLessThan(SOURCE.length / 10)
  })

  it('sends the asset as it is to a client that accepts no compression, still saying it varies', async () => {
    const response = await app.request('/assets/app.js')
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(await response.text()).toBe(SOURCE)
  })
})
