import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Alias } from 'vite'
import { describe, expect, it } from 'vitest'
import config from '../../vite.config'

const root = fileURLToPath(new URL('../../', import.meta.url))
const require = createRequire(`${root}package.json`)
const aliases = (config as { resolve: { alias: Alias[] } }).resolve.alias
const aliasFor = (specifier: string) => aliases.find((a) => (a.find as RegExp).test(specifier))
const read = (path: string) => readFileSync(path, 'utf8')
/** The file a package's `exports` give an ES-module bundler for `subpath` (the `module`/`import` branch). */
const exported = (pkg: string, subpath: string) => {
  const manifest = JSON.parse(read(`${root}node_modules/${pkg}/package.json`))
  const entry = manifest.exports[subpath]
  const target = entry.module?.default ?? entry.module ?? entry.import?.default ?? entry.import
  return `${root}node_modules/${pkg}/${target.replace(/^\.\//, '')}`
}
const exportedNames = (source: string) =>
  [...source.matchAll(/export\s*\{([^}]*)\}/g)]
    .flatMap((m) => m[1].split(','))
    .map((name) =>
      name
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    )
    .filter(Boolean)
    .sort()

describe("the build's aliases each still do their job", () => {
  it.each([
    ['react-router', '.'],
    ['react-router/dom', './dom'],
  ])(
    '%s: the package still sends bundlers to its development build, and the alias to its production build with the same exports',
    (specifier, subpath) => {
      const alias = aliasFor(specifier)
      expect(alias, `no alias for ${specifier}`).toBeDefined()
      const replacement = alias!.replacement
      const fallback = exported('react-router', subpath)
      // the day React Router points bundlers at its production build, this alias has no job left: remove it
      expect(fallback).toContain('/dist/development/')
      expect(replacement).toContain('/dist/production/')
      expect(existsSync(replacement)).toBe(true)
      expect(exportedNames(read(replacement))).toEqual(exportedNames(read(fallback)))
    },
  )

  it('use-sync-external-store: TanStack still imports the React 17 shim, and the alias names a module with no shim', () => {
    const alias = aliasFor('use-sync-external-store/shim/with-selector')
    expect(alias).toBeDefined()
    const store = read(`${root}node_modules/@tanstack/react-store/dist/useSelector.js`)
    expect(store).toContain('use-sync-external-store/shim/with-selector')
    const cjs = `${root}node_modules/use-sync-external-store/cjs`
    // the shim's selector pulls in the shim itself (a copy of useSyncExternalStore for React 17)...
    expect(read(`${cjs}/use-sync-external-store-shim/with-selector.production.js`)).toContain(
      'require("use-sync-external-store/shim")',
    )
    // ...while the module the alias names takes useSyncExternalStore from React and requires nothing else
    expect(read(require.resolve(alias!.replacement))).toContain(
      'use-sync-external-store-with-selector.production.js',
    )
    const production = read(`${cjs}/use-sync-external-store-with-selector.production.js`)
    expect([...production.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(['react'])
  })
})
