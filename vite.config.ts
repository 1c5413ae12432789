import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'

const backend = process.env.QUAYSIDE_BACKEND ?? 'http://127.0.0.1:3000'
const inPackage = (path: string) => fileURLToPath(new URL(`node_modules/${path}`, import.meta.url))

// the libraries change less often than the app, so they get long-cached chunks of their own: what the first page
// runs, and the rest
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query)|zod)[\\/]/

export default defineConfig({
  // each asset also as .br and .gz beside it, which the server sends to a browser that accepts them
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/] })],
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
        // a lazy chunk's file name is in the first route's list of what to preload: the hash alone keeps it short
        chunkFileNames: (chunk) => (chunk.name === 'vendor' ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR, tags: ['$initial'] },
            { name: 'vendor-late', test: VENDOR },
            // what the first page needs, in one file: split, the shared pieces compressed worse
            { name: 'first', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy: { '/v2': backend, '/session': backend } },
})
