/**
 * Measures the house against the rules in docs/architecture.md: lines per source file, long functions,
 * import cycles (type-only ones included), `as unknown as` casts and comment share, for src without tests.
 * `npm run measure:house` prints the table; `-- --functions` lists every function over 80 lines.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseSync } from 'vite'
import { cruiseRooms } from './import-rules'

const root = resolve(import.meta.dirname, '..')
const LONG = 80

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) yield path
  }
}

type Node = { type?: string; start: number; end: number; [key: string]: unknown }
type LongFunction = { file: string; name: string; lines: number }

const isFunction = (node: Node) =>
  node.type === 'FunctionDeclaration' ||
  node.type === 'FunctionExpression' ||
  node.type === 'ArrowFunctionExpression'

/** Walks the tree; `name` is the nearest declared name, so `const createX = () => {}` reads as createX. */
function walk(node: unknown, name: string, visit: (node: Node, name: string) => void) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, name, visit)
    return
  }
  if (!node || typeof node !== 'object' || !('type' in node)) return
  const current = node as Node
  const id = (current.id ?? current.key) as { name?: string } | undefined
  const named = id?.name ?? name
  visit(current, named)
  for (const [key, value] of Object.entries(current))
    if (key !== 'id' && key !== 'key') walk(value, named, visit)
}

const lineOf = (code: string, offset: number) => code.slice(0, offset).split('\n').length

function measureFile(file: string, long: LongFunction[]) {
  const code = readFileSync(file, 'utf8')
  const { program, comments } = parseSync(file, code, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' })
  walk(program, '(anonymous)', (node, name) => {
    if (!isFunction(node)) return
    const lines = lineOf(code, node.end) - lineOf(code, node.start) + 1
    if (lines > LONG) long.push({ file: relative(root, file), name, lines })
  })
  const commentLines = new Set<number>()
  for (const comment of comments)
    for (let line = lineOf(code, comment.start); line <= lineOf(code, comment.end); line++)
      commentLines.add(line)
  const lines = code.split('\n')
  return {
    lines: lines.length,
    nonBlank: lines.filter((line) => line.trim() !== '').length,
    comments: commentLines.size,
    casts: code.split('as unknown as').length - 1,
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]

/** The distinct cycles dependency-cruiser found, each rotated to start at its smallest name. */
async function cycles() {
  const { result } = await cruiseRooms()
  const found = new Map<string, boolean>()
  for (const violation of result.summary.violations) {
    if (violation.rule.name !== 'no-circular' || !violation.cycle) continue
    const names = [violation.from, ...violation.cycle.map((step) => step.name)].slice(0, -1)
    const start = names.indexOf([...names].sort()[0])
    const key = [...names.slice(start), ...names.slice(0, start)].join(' → ')
    const typeOnly = violation.cycle.some((step) => step.dependencyTypes.includes('exotic-require'))
    found.set(key, typeOnly)
  }
  return found
}

if (process.argv[1] === import.meta.filename) {
  const long: LongFunction[] = []
  const files = [...sourceFiles(join(root, 'src'))].map((file) => measureFile(file, long))
  const sizes = files.map((file) => file.lines).sort((a, b) => a - b)
  const sum = (key: 'nonBlank' | 'comments' | 'casts') => files.reduce((total, file) => total + file[key], 0)
  const found = await cycles()
  const typeOnly = [...found.values()].filter(Boolean).length
  console.log(`source files                 ${files.length}`)
  console.log(`median / p90 lines per file  ${percentile(sizes, 0.5)} / ${percentile(sizes, 0.9)}`)
  console.log(
    `functions over ${LONG} lines      ${long.length} (${long.filter((f) => f.lines > 150).length} over 150)`,
  )
  console.log(`import cycles                ${found.size} (${typeOnly} through a type-only import)`)
  console.log(`as unknown as                ${sum('casts')}`)
  console.log(`comment share                ${((100 * sum('comments')) / sum('nonBlank')).toFixed(1)}%`)
  if (process.argv.includes('--functions'))
    for (const f of long.sort((a, b) => b.lines - a.lines)) console.log(`${f.lines}\t${f.name}\t${f.file}`)
  if (process.argv.includes('--cycles')) for (const cycle of found.keys()) console.log(cycle)
}
