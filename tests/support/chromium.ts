import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { arch, platform } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { isExecutableFile } from './executable'
import { MissingTool } from './missing-tool'

export type FoundChromium = { executablePath: string; from: string }

const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/**
 * The browser for the journeys, in this order: CHROMIUM_PATH, the system's /usr/bin/chromium, the headless
 * Chromium that @sparticuz/chromium ships for Linux x64 (unpacked once into node_modules/.cache), and
 * the one `npx playwright install chromium` puts in Playwright's cache. Throws MissingTool when none is there.
 */
export function findChromium(): FoundChromium {
  const named = process.env.CHROMIUM_PATH
  if (named) {
    if (isExecutableFile(named)) return { executablePath: named, from: 'CHROMIUM_PATH' }
    throw new MissingTool(
      `CHROMIUM_PATH is ${named}, which is not an executable file: point it at a Chromium, or unset it to use the one the set-up finds`,
    )
  }
  if (isExecutableFile(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, from: 'the system' }
  const packaged = packagedChromium()
  if (packaged) return packaged
  const playwrights = chromium.executablePath()
  if (isExecutableFile(playwrights)) return { executablePath: playwrights, from: "Playwright's own download" }
  const fix =
    platform() === 'linux' && arch() === 'x64'
      ? 'run `npm install` (it installs @sparticuz/chromium)'
      : 'run `npx playwright install chromium`'
  throw new MissingTool(`No Chromium for the browser journeys: ${fix}, or set CHROMIUM_PATH to a Chromium`)
}

/** @sparticuz/chromium's browser, unpacked on first use; undefined off Linux x64 or when it is not installed. */
export function packagedChromium(): FoundChromium | undefined {
  if (platform() !== 'linux' || arch() !== 'x64') return undefined
  let entry: string
  try {
    entry = createRequire(import.meta.url).resolve('@sparticuz/chromium')
  } catch {
    return undefined
  }
  const version = packageVersion(entry, '@sparticuz/chromium')
  const dir = join(root, 'node_modules', '.cache', 'quayside', `sparticuz-chromium-${version}`)
  const binary = join(dir, 'chromium')
  if (!isExecutableFile(binary)) unpack(dir)
  return { executablePath: binary, from: `@sparticuz/chromium ${version}` }
}

/** The version in the package.json of the named package that a file of it is in. */
function packageVersion(file: string, name: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const packageJson = join(dir, 'package.json')
    if (!existsSync(packageJson)) continue
    const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as { name?: string; version: string }
    if (manifest.name === name) return manifest.version
  }
  throw new Error(`${file} is not inside the package ${name}`)
}

/** Unpacks into a directory of its own first, so a run that stops halfway never leaves a broken browser. */
function unpack(dir: string) {
  const staging = `${dir}.unpacking-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  console.log(`Test set-up: unpacking @sparticuz/chromium into ${relative(root, dir)}`)
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'tests', 'support', 'unpack-chromium.ts')],
      {
        cwd: root,
        env: { ...process.env, TMPDIR: staging, TSX_DISABLE_CACHE: '1' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    )
    // another run may have finished first; a directory without a browser is a leftover
    if (!isExecutableFile(join(dir, 'chromium'))) {
      rmSync(dir, { recursive: true, force: true })
      renameSync(staging, dir)
    }
  } finally {
    if (existsSync(staging)) rmSync(staging, { recursive: true, force: true })
  }
}
