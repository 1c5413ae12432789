import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cruiseRooms, importsOf } from './import-rules'

const project = mkdtempSync(join(tmpdir(), 'import-rules-test-'))
afterAll(() => rmSync(project, { recursive: true, force: true }))

function write(files: Record<string, string>) {
  for (const [name, code] of Object.entries(files)) {
    mkdirSync(dirname(join(project, name)), { recursive: true })
    writeFileSync(join(project, name), code)
  }
}

async function broken() {
  const { result } = await cruiseRooms(project)
  const named = result.summary.violations
    .filter((violation) => violation.rule.severity === 'error')
    .map(({ rule, from, cycle }) =>
      cycle
        ? `${rule.name}: ${[from, ...cycle.map((step) => step.name)].sort().join(' ')}`
        : `${rule.name}: ${from}`,
    )
  return [...new Set(named)].sort()
}

describe('import rules', () => {
  it('finds static, type-only, re-export and dynamic imports', () => {
    const code = [
      `import { z } from 'zod/mini'`,
      `import type { A } from './a'`,
      `import { type B, c } from './b'`,
      `export type { D } from './d'`,
      `const m = import('../e')`,
    ].join('\n')
    expect(importsOf(code)).toEqual([
      { specifier: 'zod/mini', typeOnly: false },
      { specifier: './a', typeOnly: true },
      { specifier: './b', typeOnly: false },
      { specifier: './d', typeOnly: true },
      { specifier: '../e', typeOnly: false, dynamic: true },
    ])
  })

  it('catches each forbidden import, type-only ones included, and passes the allowed ones', async () => {
    write({
      'src/contract/good.ts': `import { z } from 'zod/mini'\nimport { x } from './other'`,
      'src/contract/other.ts': `export const x = 1`,
      'src/contract/bad.ts': `import { Hono } from 'hono'`,
      'src/web/classic-zod.ts': `import { z } from 'zod'`,
      'src/web/reads-server.ts': `import type { Deps } from '../server/deps'`,
      'src/server/deps.ts': `import type { W } from '../web/w'`,
      'src/web/w.ts': `export type W = 1`,
      'src/web/features/one/page.tsx': `import { P } from '../two/page'`,
      'src/web/features/two/page.tsx': `import { z } from 'zod/mini'`,
      'src/server/routes/sql.ts': `import { sql } from 'drizzle-orm'`,
      'src/server/storage/store.ts': `import { sql } from 'drizzle-orm'\nimport type { T } from '../tracking/t'`,
      'src/server/tracking/t.ts': `import { PORTS } from '../demo/ports'`,
      'src/server/demo/ports.ts': `export const PORTS = []`,
      'src/server/http/render.ts': `import { s } from '../storage/store'\nimport { k } from '../documents/kind'`,
      'src/server/documents/kind.ts': `export const k = 1`,
      'src/server/http/problem.ts': `export const p = 1`,
      'src/server/http/route.ts': `export const r = 1`,
      'src/server/http/cache.ts': `import { t } from '../jsonapi/respond'`,
      'src/server/jsonapi/respond.ts': `import { p } from '../http/problem'\nexport const t = 1`,
      'src/server/jsonapi/render.ts': `import type { R } from '../routes/r'`,
      'src/server/routes/r.ts': `export type R = 1`,
      'src/server/storage/shown.ts': `import { t } from '../jsonapi/respond'`,
      'src/server/webhooks/notify.ts': `import { r } from '../http/route'\nimport { t } from '../jsonapi/respond'`,
      'src/web/cycle-a.ts': `import { b } from './cycle-b'`,
      'src/web/cycle-b.ts': `import type { A } from './cycle-a'`,
    })
    expect(await broken()).toEqual([
      'contract-imports-only-zod-mini: src/contract/bad.ts',
      'features-never-import-each-other: src/web/features/one/page.tsx',
      'http-imports-no-jsonapi: src/server/http/cache.ts',
      'http-imports-no-storage-or-documents: src/server/http/render.ts',
      'jsonapi-never-imports-routes-gateway-or-http: src/server/jsonapi/render.ts',
      'no-circular: src/web/cycle-a.ts src/web/cycle-a.ts src/web/cycle-b.ts',
      'only-storage-touches-the-database: src/server/routes/sql.ts',
      'server-never-imports-web: src/server/deps.ts',
      'storage-imports-no-tracking-upstream-or-routes: src/server/storage/store.ts',
      'storage-never-imports-jsonapi: src/server/storage/shown.ts',
      'tracking-never-reads-demo: src/server/tracking/t.ts',
      'web-imports-zod-only-as-mini: src/web/classic-zod.ts',
      'web-never-imports-server: src/web/reads-server.ts',
      'workers-render-through-jsonapi: src/server/webhooks/notify.ts',
    ])
  })
})
