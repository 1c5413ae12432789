/**
 * The rooms of the house (../shared/docs/architecture.md), checked by `npm run lint` through
 * tests/import-rules.ts. TypeScript 7 has no JavaScript API, so dependency-cruiser cannot parse our .ts
 * itself: import-rules.ts hands it each file's imports (type-only ones included) as plain JavaScript.
 */
const test = '\\.test\\.[jt]sx?$'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'a cycle, type-only imports included, means two rooms that cannot be told apart',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-only-zod-mini',
      severity: 'error',
      from: { path: '^src/contract/', pathNot: test },
      to: { pathNot: ['^src/contract/', '^node_modules/zod/(v4/)?mini/'] },
    },
    {
      name: 'web-imports-zod-only-as-mini',
      severity: 'error',
      comment: 'the browser parses with zod mini; classic zod would add its whole API to the first page',
      from: { path: '^src/web/' },
      to: { path: '^node_modules/zod/', pathNot: '^node_modules/zod/(v4/)?mini/' },
    },
    { name: 'server-never-imports-web', severity: 'error', from: { path: '^src/server/' }, to: { path: '^src/web/' } },
    { name: 'web-never-imports-server', severity: 'error', from: { path: '^src/web/' }, to: { path: '^src/server/' } },
    {
      name: 'only-storage-touches-the-database',
      severity: 'error',
      from: { pathNot: ['^src/server/storage/', test] },
      to: { path: '^node_modules/(drizzle-orm|pg|@electric-sql/pglite)/' },
    },
    {
      name: 'features-never-import-each-other',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'storage-imports-no-tracking-upstream-or-routes',
      severity: 'error',
      from: { path: '^src/server/storage/' },
      to: { path: '^src/server/(tracking|upstream|routes)/' },
    },
    {
      name: 'tracking-never-reads-demo',
      severity: 'error',
      from: { path: '^src/server/tracking/' },
      to: { path: '^src/server/demo/' },
    },
    {
      name: 'http-imports-no-storage-or-documents',
      severity: 'error',
      from: { path: '^src/server/http/' },
      to: { path: '^src/server/(storage|documents)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    preserveSymlinks: true,
    exoticRequireStrings: ['typeOnly'],
  },
}
