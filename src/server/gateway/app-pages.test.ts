import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createGateway } from './gateway'
import { createSessionStore } from './sessions'

const PAGE = '<!doctype html><div id="root"></div>'

const gateway = () => {
  const root = mkdtempSync(join(tmpdir(), 'app-pages-'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'index.html'), PAGE)
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)')
  return createGateway({
    service: async () =>
      new Response('{"data":[]}', { headers: { 'content-type': 'application/vnd.api+json' } }),
    sessions: createSessionStore(),
    staticRoot: root,
  })
}

describe('the dashboard pages the server answers', () => {
  it('serves the dashboard for each of its routes', async () => {
    const app = gateway()
    for (const path of ['/', '/containers', '/containers/4f1c', '/tracking-requests/new', '/account']) {
      const response = await app.request(path)
      expect(response.status, path).toBe(200)
      expect(await response.text()).toBe(PAGE)
    }
  })

  it('answers 404 for an unknown page, with the dashboard so it can say so in its frame', async () => {
    const response = await gateway().request('/no-such-page')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/text\/html/)
    expect(await response.text()).toBe(PAGE)
  })

  it('still serves files and the API as before', async () => {
    const app = gateway()
    expect((await app.request('/assets/app.js')).status).toBe(200)
    expect((await app.request('/v2/shipments')).status).toBe(200)
  })
})
