import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const backend = process.env.QUAYSIDE_BACKEND ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      output: {
        // libraries change less often than the app, so they get their own long-cached chunks
        advancedChunks: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/v2': backend, '/session': backend } },
})
