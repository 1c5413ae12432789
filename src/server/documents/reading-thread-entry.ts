// pdf.js's own worker is loaded beside it so pdf.js parses here without a second copy
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs'
;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker
await import('./reading-thread')
