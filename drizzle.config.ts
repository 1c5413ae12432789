import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/storage/schema.ts',
  out: './src/server/storage/migrations',
})
