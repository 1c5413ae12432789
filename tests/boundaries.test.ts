import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, violations } from './boundaries'

const src = resolve(import.meta.dirname, '../src')

describe('import boundaries', () => {
  it('finds static, re-export and dynamic imports', () => {
    const code = `import { z } from 'zod'\nexport { a } from './a'\nconst m = import('../b')`
    expect(importsOf(code)).toEqual(['zod', './a', '../b'])
  })

  it('refuses a contract file that imports anything but zod mini', () => {
    expect(violations(join(src, 'contract/shipments.ts'), ['hono'])).toHaveLength(1)
    expect(violations(join(src, 'contract/shipments.ts'), ['zod'])).toHaveLength(1)
    expect(violations(join(src, 'contract/shipments.ts'), ['zod/mini', './document'])).toEqual([])
  })

  it('refuses web importing classic zod', () => {
    expect(violations(join(src, 'web/api/api-client.ts'), ['zod'])).toHaveLength(1)
    expect(violations(join(src, 'web/api/api-client.ts'), ['zod/mini'])).toEqual([])
  })

  it('refuses web importing server and server importing web', () => {
    expect(violations(join(src, 'web/api/client.ts'), ['../../server/app'])).toHaveLength(1)
    expect(violations(join(src, 'server/app.ts'), ['../web/main'])).toHaveLength(1)
  })

  it('refuses database access outside storage, except in tests', () => {
    expect(violations(join(src, 'server/demo/seed.ts'), ['drizzle-orm'])).toHaveLength(1)
    expect(violations(join(src, 'server/routes/shipments.ts'), ['pg'])).toHaveLength(1)
    expect(
      violations(join(src, 'server/storage/shipment-store.ts'), ['drizzle-orm', 'drizzle-orm/pg-core']),
    ).toEqual([])
    expect(violations(join(src, 'server/demo/seed.test.ts'), ['drizzle-orm'])).toEqual([])
  })

  it('refuses one feature importing another', () => {
    const file = join(src, 'web/features/shipments/shipments-page.tsx')
    expect(violations(file, ['../containers/container-page'])).toHaveLength(1)
    expect(violations(file, ['../../components/time', './shipments-columns'])).toEqual([])
  })
})
