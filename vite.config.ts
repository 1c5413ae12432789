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
const APP = /[\\/]src[\\/](web|contract)[\\/].*\.tsx?$/
// the app's shared rooms: the API client, the shared components and the contract
const SHARED = /[\\/]src[\\/](web[\\/](api|components)[\\/]|contract[\\/])/
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const ENTRY = source('src/web/main.tsx')
// the page people land on
const FIRST_PAGE = source('src/web/features/shipments/shipments-page.tsx')

/**
 * The app code the first route runs before its page's own: what the entry imports, and what the first page
 * imports from the shared rooms. It loads as one chunk; code only other pages or on-demand features use
 * stays out of it.
 */
function firstRouteShared() {
  const ids = new Set<string>()
  const plugin: Plugin = {
    name: 'quayside:first-route-shared',
    buildEnd() {
      ids.clear()
      const reachable = (from: string) => {
        const seen = new Set<string>()
        const visit = (id: string) => {
          if (seen.has(id)) return
          seen.add(id)
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next)
        }
        visit(from)
        return seen
      }
      for (const id of reachable(ENTRY)) if (APP.test(id) && id !== ENTRY) ids.add(id)
      for (const id of reachable(FIRST_PAGE)) if (SHARED.test(id)) ids.add(id)
    },
  }
  return { plugin, has: (id: string) => ids.has(id) }
}
const shared = firstRouteShared()

/**
 * React Router's build creates its contexts and components at the top level unmarked and names each for
 * the developer tools, so a bundle keeps them all, used or not (Form and its submission code, the await
 * and framework contexts). Marking the calls pure and dropping the names (the developer tools read them,
 * the app never does) lets tree-shaking remove the unused ones. Lines keep their numbers.
 */
const reactRouterTreeShaking: Plugin = {
  name: 'quayside:react-router-tree-shaking',
  transform: {
    filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
    handler(code) {
      return {
        code: code
          .replace(/^\w+\.displayName = "[^"]*";$/gm, '')
          .replace(/\b(React\d*\.(?:createContext|forwardRef|memo)\()/g, '/* @__PURE__ */ $1'),
        map: null,
      }
    },
  },
}

export default defineConfig({
  plugins: [react(), shared.plugin, reactRouterTreeShaking],
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
    // maps are written for error reporting but not referenced from the bundles; the server never serves them
    sourcemap: 'hidden',
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
              test: shared.has,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/v2': backend, '/session': backend } },
})
