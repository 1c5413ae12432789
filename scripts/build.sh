#!/bin/sh
# The dashboard, the widget and the service, one Vite build after another (`npm run build`, and `npm start`
# when the sources changed). `npm start` runs this straight from its shell, not through `npm run build`: a
# second npm (about 60 MB) and the digest checker (about 80 MB with tsx) would sit beside the build.
set -e
# Rolldown allocates with mimalloc, which by default keeps pages it freed and commits whole arenas up front;
# with one worker thread and one arena per pool the dashboard's build peaks near 290 MB instead of 530 MB
# (docs/scaling.md, "Starting"). The build takes a few seconds longer.
export MIMALLOC_PURGE_DELAY=0 MIMALLOC_ARENA_EAGER_COMMIT=0 MALLOC_ARENA_MAX=2
export RAYON_NUM_THREADS=1 TOKIO_WORKER_THREADS=1 ROLLDOWN_WORKER_THREADS=1
vite build
vite build --config vite.embed.config.ts
vite build --config vite.server.config.ts
node dist/server/build-check.js --stamp
