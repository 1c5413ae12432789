/**
 * Fails when code crosses a room: contract imports only zod mini, server never imports web, web never
 * imports server or classic zod, features never import each other, and only storage reaches the database.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const src = join(root, 'src')

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (/\.(ts|tsx)$/.test(name)) yield path
  }
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

export function importsOf(code: string): string[] {
  return [...code.matchAll(importPattern)].map((match) => match[1] ?? match[2])
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file)
const DATABASE_PACKAGES = /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/
const inStorage = (file: string) => relative(src, file).split(sep).slice(0, 2).join('/') === 'server/storage'
const roomOf = (file: string) => relative(src, file).split(sep)[0]
const featureOf = (file: string) => {
  const parts = relative(src, file).split(sep)
  return parts[0] === 'web' && parts[1] === 'features' ? parts[2] : undefined
}

export function violations(file: string, specifiers: string[]): string[] {
  const room = roomOf(file)
  const problems: string[] = []
  for (const specifier of specifiers) {
    const isRelative = specifier.startsWith('.')
    const target = isRelative ? resolve(dirname(file), specifier) : undefined
    const targetRoom = target ? roomOf(target) : undefined
    if (room === 'contract') {
      const allowed = isTest(file) ? ['zod/mini', 'vitest'] : ['zod/mini']
      if (isRelative ? targetRoom !== 'contract' : !allowed.includes(specifier))
        problems.push(`contract may import only zod/mini and itself, not ${specifier}`)
    }
    // the browser parses with zod mini; classic zod would add its whole API to the first page
    if (room === 'web' && (specifier === 'zod' || specifier.startsWith('zod/v4') || specifier === 'zod/v3'))
      problems.push(`web may import zod only as zod/mini, not ${specifier}`)
    if (room === 'server' && targetRoom === 'web') problems.push(`server may not import web (${specifier})`)
    if (room === 'web' && targetRoom === 'server') problems.push(`web may not import server (${specifier})`)
    if (DATABASE_PACKAGES.test(specifier) && !inStorage(file) && !isTest(file))
      problems.push(`only server/storage may touch the database, not ${specifier}`)
    const feature = featureOf(file)
    const targetFeature = target ? featureOf(target) : undefined
    if (feature && targetFeature && feature !== targetFeature)
      problems.push(`feature ${feature} may not import feature ${targetFeature} (${specifier})`)
  }
  return problems
}

if (process.argv[1] === import.meta.filename) {
  const problems: string[] = []
  for (const file of sourceFiles(src)) {
    for (const problem of violations(file, importsOf(readFileSync(file, 'utf8'))))
      problems.push(`${relative(root, file)}: ${problem}`)
  }
  if (problems.length > 0) {
    console.error(`Import boundaries broken:\n${problems.join('\n')}`)
    process.exit(1)
  }
  console.log('Import boundaries hold.')
}
