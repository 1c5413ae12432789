import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildInputsDigest } from './build-if-changed-cli'

describe('building only when the sources changed', () => {
  it('changes its digest with a source, a config, the lock file or the build script, and not with a test', () => {
    const root = mkdtempSync(join(tmpdir(), 'quayside-build-'))
    mkdirSync(join(root, 'src/web'), { recursive: true })
    writeFileSync(join(root, 'src/web/page.tsx'), 'export const a = 1')
    writeFileSync(join(root, 'index.html'), '<div id="root"></div>')
    writeFileSync(join(root, 'vite.config.ts'), 'export default {}')
    const first = buildInputsDigest(root)
    expect(buildInputsDigest(root)).toBe(first)
    writeFileSync(join(root, 'src/web/page.test.tsx'), 'test')
    expect(buildInputsDigest(root)).toBe(first)
    writeFileSync(join(root, 'src/web/page.tsx'), 'export const a = 2')
    const second = buildInputsDigest(root)
    expect(second).not.toBe(first)
    writeFileSync(join(root, 'vite.config.ts'), 'export default { base: "/" }')
    expect(buildInputsDigest(root)).not.toBe(second)
    const third = buildInputsDigest(root)
    writeFileSync(join(root, 'package-lock.json'), '{}')
    expect(buildInputsDigest(root)).not.toBe(third)
    const fourth = buildInputsDigest(root)
    mkdirSync(join(root, 'scripts'))
    writeFileSync(join(root, 'scripts/build.sh'), 'vite build')
    expect(buildInputsDigest(root)).not.toBe(fourth)
  })
})
