import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The customer embed as a library of its own (`dist/embed`): `quayside-embed.js` defines
 * `<quayside-tracking>` with React inside it, and `quayside-frame.js` sizes the iframe page.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    sourcemap: 'hidden',
    target: 'es2022',
    lib: {
      entry: {
        'quayside-embed': 'src/web/widget/quayside-embed.ts',
        'quayside-frame': 'src/web/widget/quayside-frame.ts',
      },
      formats: ['es'],
    },
    // Vite keeps whitespace in an ES library to save pure annotations for later bundlers; none comes after this
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] }, output: { minify: true } },
  },
})
