import { serve } from '/work/main/node_modules/@hono/node-server/dist/index.mjs'
import { createApp } from '/work/main/src/server/app'
import { defaultServiceConfig, systemClock } from '/work/main/src/server/deps'
import { createResponseCache } from '/work/main/src/server/http/response-cache'
import { openDatabase } from '/work/main/src/server/storage/database'
import { createStorage } from '/work/main/src/server/storage/storage'
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:55432/bench100k' })
const storage = createStorage(database, systemClock)
const app = createApp({ storage, clock: { now: () => new Date() }, fetch, responseCache: process.env.NOCACHE ? undefined : createResponseCache(), random: Math.random, config: { ...defaultServiceConfig, rateLimitPerMinute: 1e9 } })
const server = serve({ fetch: app.fetch, port: 47001, hostname: '127.0.0.1' })
console.log('ready')
setTimeout(() => { server.close(); process.exit(0) }, Number(process.env.LIFE ?? 20000))
