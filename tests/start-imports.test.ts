import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf } from './import-rules'

const root = resolve(import.meta.dirname, '..')

const sourceOf = (from: string, specifier: string) => {
  const base = join(dirname(from), specifier)
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path))
}

/** The packages a process loads before its first line runs: static imports only, types left out. */
function packagesLoadedWith(entry: string) {
  const seen = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const { specifier, typeOnly, dynamic } of importsOf(readFileSync(file, 'utf8'), file)) {
      if (typeOnly || dynamic || specifier.startsWith('node:')) continue
      if (!specifier.startsWith('.')) {
        const [scope, name] = specifier.split('/')
        packages.add(scope.startsWith('@') ? `${scope}/${name}` : scope)
        continue
      }
      const source = sourceOf(file, specifier)
      if (source) visit(source)
    }
  }
  visit(join(root, entry))
  return packages
}

// each cost a restart tens to hundreds of milliseconds, and a default start never uses them
const LOADED_WHEN_USED = [
  '@simplewebauthn/server',
  '@modelcontextprotocol/sdk',
  'nodemailer',
  'smtp-server',
  'postal-mime',
  'file-type',
  'tar',
]

describe('what a restart loads before it answers', () => {
  it('leaves passkeys, MCP, mail, file sniffing and unpacking to the first request that needs them', () => {
    const loaded = packagesLoadedWith('src/server/main.ts')
    expect(loaded.has('hono')).toBe(true)
    expect(LOADED_WHEN_USED.filter((name) => loaded.has(name))).toEqual([])
  })
})
