import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { routeJs } from './web-bundle'

describe('routeJs', () => {
  it('counts the entry, the route chunk and their shared imports once, and skips other routes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-js-'))
    mkdirSync(join(dir, '.vite'))
    mkdirSync(join(dir, 'assets'))
    const files = {
      'assets/a.js': 'a'.repeat(500),
      'assets/b.js': 'bb',
      'assets/c.js': 'ccc',
      'assets/d.js': 'd',
    }
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
    writeFileSync(
      join(dir, '.vite/manifest.json'),
      JSON.stringify({
        'main.tsx': { file: 'assets/a.js', isEntry: true, imports: ['_shared'] },
        _shared: { file: 'assets/b.js' },
        'src/list-page.tsx': { file: 'assets/c.js', imports: ['_shared'] },
        'src/other-page.tsx': { file: 'assets/d.js' },
      }),
    )
    const result = routeJs(dir, 'list-page.tsx')
    expect(result.files.map((f) => f.file)).toEqual(['assets/a.js', 'assets/b.js', 'assets/c.js'])
    const gz = (text: string) => gzipSync(text, { level: 9 }).length
    expect(result.gzip).toBe(gz(files['assets/a.js']) + gz('bb') + gz('ccc'))
  })
})
