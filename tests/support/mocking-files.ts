import { readdirSync, readFileSync } from 'node:fs'

const MOCKS = /\bvi\.(mock|doMock)\(/
const TEST_FILE = /\.test\.tsx?$/

/**
 * The test files under `roots` that replace a module (`vi.mock`, `vi.doMock`), as paths from the working
 * directory: they run in processes of their own, since a shared process would keep their replacement.
 */
export function filesThatMockModules(roots: string[], skip: (path: string) => boolean) {
  return roots.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((path) => `${root}/${path}`)
      .filter((path) => TEST_FILE.test(path) && !skip(path) && MOCKS.test(readFileSync(path, 'utf8'))),
  )
}
