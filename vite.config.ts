import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const backend = process.env.QUAYSIDE_BACKEND ?? 'http://127.0.0.1:3000'
const inPackage = (path: string) => fileURLToPath(new URL(`node_modules/${path}`, import.meta.url))

// the libraries every page runs on change less often than the app, so they share one long-cached chunk;
// the hooks only some pages use stay with those pages
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query)|zod)[\\/]/
const PAGE_ONLY = /[\\/](useMutation|mutationObserver)\.js$/
// what the shell and the pages share: the API client, the shared components and the resources the lists read
const SHARED =
  /src[\\/](web[\\/](api|components)[\\/]|contract[\\/](document|shipments|containers|session)\.ts$)/

/** The modules something imports with import(): they load on demand, so they stay out of the shared chunk. */
function onDemandModules() {
  const ids = new Set<string>()
  const plugin: Plugin = {
    name: 'quayside:on-demand-modules',
    buildEnd() {
      ids.clear()
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.dynamicImporters.length) ids.add(id)
    },
  }
  return { plugin, ids }
}
const onDemand = onDemandModules()

export default defineConfig({
  plugins: [react(), onDemand.plugin],
  base: '/',
  resolve: {
    alias: [
      // React Router's package exports point every bundler at its development build
      { find: /^react-router$/, replacement: inPackage('react-router/dist/production/index.mjs') },
      { find: /^react-router\/dom$/, replacement: inPackage('react-router/dist/production/dom-export.mjs') },
      // React 19 has useSyncExternalStore, so TanStack Store needs the selector only, not the shim for React 17
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    manifest: true,
    // every browser with es2022 but Safari 16 preloads modules natively; there the app only loads a little later
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // zod marks its builders free of side effects, but rolldown loses that inside object and array literals,
      // so the browser bundle would keep every schema (request bodies included) its modules define
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: (id) => VENDOR.test(id) && !PAGE_ONLY.test(id), priority: 2 },
            {
              name: 'shared',
              test: (id) => SHARED.test(id) && !onDemand.ids.has(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/v2': backend, '/session': backend } },
})
