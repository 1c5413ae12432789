import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>

/**
 * The JavaScript files a browser loads to show a route: the entry with its static imports, plus, for a page
 * that loads on its own, the route's lazy chunk with its static imports, each counted once. Without
 * `routeModule` it is the first route: the page the entry itself draws.
 */
export function routeFiles(outDir: string, routeModule?: string) {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  if (!entry) throw new Error('No entry in the Vite manifest')
  visit(entry)
  if (routeModule) {
    const route = Object.keys(manifest).find((key) => key.endsWith(routeModule))
    if (!route) throw new Error(`No chunk for ${routeModule} in the Vite manifest`)
    visit(route)
  }
  return [...seen].map((key) => manifest[key].file)
}

/** Each file's size at zlib gzip level 9, in bytes. */
export function routeJs(outDir: string, routeModule?: string) {
  const files = routeFiles(outDir, routeModule).map((file) => {
    const bytes = readFileSync(join(outDir, file))
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) }
}

/** The gzip size `vite build` printed for each file, in kB (1,000 bytes), from its own report. */
export function viteGzipSizes(printout: string) {
  const sizes = new Map<string, number>()
  for (const match of printout.matchAll(/^\S*?(assets\/\S+\.js)\s.*?gzip:\s+([\d.]+) kB/gm))
    sizes.set(match[1], Number(match[2]))
  return sizes
}
