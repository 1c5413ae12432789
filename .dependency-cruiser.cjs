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
    {
      name: 'http-imports-no-jsonapi',
      severity: 'error',
      comment: 'http/ is transport middleware; what a document says is the jsonapi/ room below routes/',
      from: { path: '^src/server/http/' },
      to: { path: '^src/server/jsonapi/' },
    },
    {
      name: 'jsonapi-never-imports-routes-gateway-or-http',
      severity: 'error',
      comment:
        'requests flow gateway → http → routes → jsonapi → storage; only the error envelope (http/problem.ts) is shared, as every room throws it',
      from: { path: '^src/server/jsonapi/' },
      to: { path: '^src/server/(routes|gateway|http)/', pathNot: '^src/server/http/problem\\.[jt]s$' },
    },
    {
      name: 'storage-never-imports-jsonapi',
      severity: 'error',
      comment: 'a resource declares its attributes over storage (storage/*-attributes.ts), never the other way',
      from: { path: '^src/server/storage/' },
      to: { path: '^src/server/jsonapi/' },
    },
    {
      name: 'workers-render-through-jsonapi',
      severity: 'error',
      comment: 'the webhook outbox and dispatcher and the tracking engine run without a request: no transport',
      from: { path: '^src/server/(webhooks|tracking)/' },
      to: { path: '^src/server/(http|routes|gateway)/' },
    },
  ],
  // Known exceptions, to be moved out rather than added to: http/ still reads ids and blobs from storage,
  // the webhook address guard splits IPv6 groups with http/'s helper, tracking reads the demo's ports for
  // its sea network, and storage keeps a voyage plan's type from tracking. Names are the real .ts files.
  knownViolations: [
    ['http-imports-no-storage-or-documents', 'src/server/http/query-params.ts', 'src/server/storage/reference-store.ts'],
    ['http-imports-no-storage-or-documents', 'src/server/http/params.ts', 'src/server/storage/reference-store.ts'],
    ['http-imports-no-storage-or-documents', 'src/server/http/openapi.test.ts', 'src/server/storage/storage.ts'],
    ['http-imports-no-storage-or-documents', 'src/server/http/document-upload.ts', 'src/server/storage/blob-store.ts'],
    ['http-imports-no-storage-or-documents', 'src/server/http/document-upload.ts', 'src/server/documents/file-kind.ts'],
    ['workers-render-through-jsonapi', 'src/server/webhooks/url-safety.ts', 'src/server/http/ip-groups.ts'],
    ['tracking-never-reads-demo', 'src/server/tracking/sea-network.ts', 'src/server/demo/ports.ts'],
    ['tracking-never-reads-demo', 'src/server/tracking/infer-number.test.ts', 'src/server/demo/carriers.ts'],
    ['storage-imports-no-tracking-upstream-or-routes', 'src/server/storage/schema.ts', 'src/server/tracking/voyage-plan.ts'],
  ].map(([name, from, to]) => ({ type: 'dependency', rule: { name, severity: 'error' }, from, to })),
  options: {
    doNotFollow: { path: 'node_modules' },
    preserveSymlinks: true,
    exoticRequireStrings: ['typeOnly'],
  },
}
