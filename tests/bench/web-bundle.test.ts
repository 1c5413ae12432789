import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { routeFiles, routeJs, viteGzipSizes } from './web-bundle'

const build = () => {
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
  return { dir, files }
}

describe('the JavaScript of a route', () => {
  it('counts the entry, the route chunk and their shared imports once, and skips other routes', () => {
    const { dir, files } = build()
    const result = routeJs(dir, 'list-page.tsx')
    expect(result.files.map((f) => f.file)).toEqual(['assets/a.js', 'assets/b.js', 'assets/c.js'])
    const gz = (text: string) => gzipSync(text, { level: 9 }).length
    expect(result.gzip).toBe(gz(files['assets/a.js']) + gz('bb') + gz('ccc'))
  })

  it('takes the first route to be what the entry draws itself', () => {
    expect(routeFiles(build().dir)).toEqual(['assets/a.js', 'assets/b.js'])
  })

  it("reads the gzip sizes from Vite's own printout", () => {
    const printout = [
      'dist/web/assets/index-CfQvC01_.js                       0.37 kB │ gzip:   0.28 kB │ map:     0.94 kB',
      'dist/web/assets/vendor-DtehNAbG.js                    362.67 kB │ gzip: 112.87 kB │ map: 2,137.08 kB',
      'dist/web/assets/index-sBYewrPH.css                      7.15 kB │ gzip:   2.31 kB',
    ].join('\n')
    expect(viteGzipSizes(printout)).toEqual(
      new Map([
        ['assets/index-CfQvC01_.js', 0.28],
        ['assets/vendor-DtehNAbG.js', 112.87],
      ]),
    )
  })
})
