/**
 * Checks the rooms with dependency-cruiser and the rules in .dependency-cruiser.cjs. TypeScript 7 has no
 * JavaScript API for dependency-cruiser to parse with, so each source file is first reduced by the oxc
 * parser (through vite) to its imports as plain JavaScript, in a scratch copy of the tree: a type-only
 * import becomes `typeOnly('…')` so cycles through types count and can still be told apart.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import {
  cruise,
  format,
  type ICruiseResult,
  type IFlattenedRuleSet,
  type IViolation,
} from 'dependency-cruiser'
import { parseSync } from 'vite'

const root = resolve(import.meta.dirname, '..')

/** `dynamic`: an `import()`, loaded when the code reaches it rather than with the module. */
type Import = { specifier: string; typeOnly: boolean; dynamic?: true }

/** Every import a TypeScript module makes: static, re-exports, dynamic with a literal, and type-only. */
export function importsOf(code: string, filename = 'module.tsx'): Import[] {
  const { module } = parseSync(filename, code, { lang: filename.endsWith('.tsx') ? 'tsx' : 'ts' })
  const found: Import[] = []
  for (const statement of module.staticImports) {
    const typeOnly = statement.entries.length > 0 && statement.entries.every((entry) => entry.isType)
    found.push({ specifier: statement.moduleRequest.value, typeOnly })
  }
  for (const statement of module.staticExports) {
    const entries = statement.entries.filter((entry) => entry.moduleRequest)
    if (entries.length === 0) continue
    found.push({
      specifier: entries[0].moduleRequest!.value,
      typeOnly: entries.every((entry) => entry.isType),
    })
  }
  for (const { moduleRequest } of module.dynamicImports) {
    const literal = code.slice(moduleRequest.start, moduleRequest.end).match(/^\s*(['"`])([^'"`$]+)\1\s*$/)
    if (literal) found.push({ specifier: literal[2], typeOnly: false, dynamic: true })
  }
  return found
}

const asJavaScript = (imports: Import[]) =>
  imports
    .map(({ specifier, typeOnly }) =>
      typeOnly ? `typeOnly(${JSON.stringify(specifier)})\n` : `import ${JSON.stringify(specifier)}\n`,
    )
    .join('')

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path
  }
}

/** Copies `project`'s src as import-only JavaScript into a scratch directory; returns it and the name map. */
function mirror(project: string) {
  const scratch = mkdtempSync(join(tmpdir(), 'import-rules-'))
  const names = new Map<string, string>()
  for (const file of sourceFiles(join(project, 'src'))) {
    const name = relative(project, file)
    const copy = copyName(name)
    names.set(copy, name)
    mkdirSync(dirname(join(scratch, copy)), { recursive: true })
    writeFileSync(join(scratch, copy), asJavaScript(importsOf(readFileSync(file, 'utf8'), file)))
  }
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'))
  writeFileSync(join(scratch, 'package.json'), readFileSync(join(root, 'package.json')))
  return { scratch, names }
}

type Config = {
  forbidden: IFlattenedRuleSet['forbidden']
  knownViolations: IViolation[]
  options: Record<string, unknown>
}

const copyName = (name: string) => name.replace(/\.ts$/, '.js').replace(/\.tsx$/, '.jsx')
const config = () => createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as Config

/** Cruises `project`'s src against the house rules; file names in the answer are the real .ts ones. */
export async function cruiseRooms(project = root): Promise<{ result: ICruiseResult; report: string }> {
  const { scratch, names } = mirror(project)
  const cwd = process.cwd()
  try {
    process.chdir(scratch)
    const { forbidden, knownViolations, options } = config()
    const known = knownViolations.map((known) => ({
      ...known,
      from: copyName(known.from),
      to: copyName(known.to),
    }))
    const { output } = await cruise(['src'], {
      ...options,
      validate: true,
      ruleSet: { forbidden },
      knownViolations: known,
    })
    const result = output as ICruiseResult
    const rename = (text: string) => text.replace(/src\/[\w./-]+\.jsx?\b/g, (name) => names.get(name) ?? name)
    const report = rename((await format(result, { outputType: 'err' })).output as string)
    return { result: JSON.parse(rename(JSON.stringify(result))), report }
  } finally {
    process.chdir(cwd)
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (process.argv[1] === import.meta.filename) {
  const { result, report } = await cruiseRooms()
  console.log(report.trim())
  console.log(`${result.summary.totalCruised} modules, ${result.summary.totalDependenciesCruised} imports`)
  if (result.summary.error > 0) process.exit(1)
}
