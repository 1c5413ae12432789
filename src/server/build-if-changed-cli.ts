import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * `npm start` rebuilds only when a build input changed, so a plain restart starts at once. This exits 1 when a
 * build is due and `npm start` runs `scripts/build.sh` itself: this process holds no memory while it builds.
 */
const ROOT = join(import.meta.dirname, '../..')
const STAMP = join(ROOT, 'dist/.build-stamp')
const INPUTS = ['src', 'public', 'index.html', 'package-lock.json', 'tsconfig.json', 'scripts/build.sh']
const OUTPUTS = [
  'dist/server/main.js',
  'dist/server/first-start.js',
  'dist/web/index.html',
  'dist/embed/quayside-embed.js',
]

const isSource = (name: string) => !/\.test\.tsx?$/.test(name)

function* filesUnder(path: string): Generator<string> {
  if (!existsSync(path)) return
  if (!statSync(path).isDirectory()) {
    yield path
    return
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)))
    if (entry.isDirectory()) yield* filesUnder(join(path, entry.name))
    else if (isSource(entry.name)) yield join(path, entry.name)
}

export function buildInputsDigest(root: string) {
  const hash = createHash('sha256')
  const configs = readdirSync(root).filter((name) => /^vite\..*config\.ts$/.test(name))
  for (const input of [...INPUTS, ...configs.sort()])
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file))
      hash.update(readFileSync(file))
    }
  return hash.digest('hex')
}

const built = () => OUTPUTS.every((output) => existsSync(join(ROOT, output)))
const stamped = () => (existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : undefined)

if (process.argv[1] === import.meta.filename) {
  const digest = buildInputsDigest(ROOT)
  if (process.argv.includes('--stamp')) writeFileSync(STAMP, `${digest}\n`)
  else if (built() && stamped() === digest)
    console.log('The build is up to date with the sources: starting without building.')
  else {
    console.log('The sources changed since the last build: building.')
    process.exitCode = 1
  }
}
