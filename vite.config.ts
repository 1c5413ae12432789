import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const backend = process.env.QUAYSIDE_BACKEND ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react()],
  base: '/',
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: { proxy: { '/v2': backend, '/session': backend } },
})
