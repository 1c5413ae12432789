import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>

/**
 * The JavaScript a browser loads to show a route: the entry with its static imports, plus the route's
 * lazy chunk with its own static imports, each counted once, at zlib gzip level 9 in KiB. `vite build` prints
 * kB (1,000 bytes) from a faster compressor, so its figures for the same files add up about 3% higher.
 */
export function routeJs(outDir: string, routeModule: string) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const route = Object.keys(manifest).find((key) => key.endsWith(routeModule))
  if (!entry || !route) throw new Error(`No entry or no chunk for ${routeModule} in the Vite manifest`)
  visit(entry)
  visit(route)
  const files = [...seen].map((key) => {
    const bytes = readFileSync(join(outDir, manifest[key].file))
    return { file: manifest[key].file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) }
}
