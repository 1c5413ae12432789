import { cpSync } from 'node:fs'
import { defineConfig, type Plugin } from 'vite'

/** What storage reads beside its code at run time (by `import.meta.dirname`), copied beside the bundle. */
const storageFiles: Plugin = {
  name: 'quayside:storage-files',
  writeBundle(options) {
    for (const folder of ['migrations', 'cluster-template'])
      cpSync(`src/server/storage/${folder}`, `${options.dir}/${folder}`, { recursive: true })
  },
}

/**
 * The service as one ES module that `npm start` runs with plain Node: running it through tsx holds a
 * second JavaScript heap for the loader and the transformed sources, about 80 MB a small instance lacks.
 * Dependencies stay in node_modules.
 */
export default defineConfig({
  publicDir: false,
  plugins: [storageFiles],
  build: {
    // the reading thread is its own entry: documents are read in worker threads that load it by name
    ssr: true,
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        'reading-thread': 'src/server/documents/reading-thread-entry.ts',
        // a first start loads the demo in a process of its own, before the server (first-start-cli.ts)
        'first-start': 'src/server/start/first-start-cli.ts',
        // `npm start` asks it whether to build: plain Node starts it in a tenth of the time tsx takes
        'build-check': 'src/server/build-if-changed-cli.ts',
      },
      // chunks the entries share sit beside them: storage finds its migrations by `import.meta.dirname`
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
  },
})
