// The reading thread's entry: pdf.js's own worker is loaded here, beside it, so pdf.js parses in this
// thread without loading a second copy later, and the pool learns the thread is ready once both are.
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs'
;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker
await import('./reading-thread')
