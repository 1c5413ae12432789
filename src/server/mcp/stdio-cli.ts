import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { type Api, ApiRefusal } from './api-client'
import { createQuaysideMcp } from './mcp-server'

/** `npx quayside-mcp`: a desktop assistant's stdio server that reads a running Quayside over HTTP. */
async function main() {
  const url = process.env.QUAYSIDE_URL?.trim()
  const key = process.env.QUAYSIDE_API_KEY?.trim()
  if (!url || !key) {
    // stdout is the protocol's: every word for a person goes to stderr, and the key never does
    console.error(
      'quayside-mcp: set QUAYSIDE_URL (e.g. http://127.0.0.1:3000) and QUAYSIDE_API_KEY (an API key from Settings → API keys).',
    )
    process.exit(1)
  }
  const base = url.replace(/\/+$/, '')
  const api: Api = async (path, init = {}) => {
    const headers: Record<string, string> = {
      Authorization: `Token ${key}`,
      Accept: 'application/vnd.api+json',
    }
    if (init.body !== undefined) headers['Content-Type'] = 'application/vnd.api+json'
    try {
      return await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
    } catch {
      throw new ApiRefusal(
        503,
        `Quayside at ${base} did not answer; check QUAYSIDE_URL and that it is running`,
      )
    }
  }
  await createQuaysideMcp(api).connect(new StdioServerTransport())
  console.error(`quayside-mcp: serving on stdio, reading ${base}`)
}

await main()
