import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

export const MCP_BIN = new URL('../../src/server/mcp/quayside-mcp.mjs', import.meta.url).pathname

/** The SDK's own client over Streamable HTTP, with an API key as a bearer token. */
export async function httpClient(baseUrl: string, key: string, scheme: 'Bearer' | 'Token' = 'Bearer') {
  const client = new Client({ name: 'quayside-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { Authorization: `${scheme} ${key}` } },
  })
  await client.connect(transport)
  return client
}

/** The SDK's own client over stdio, spawning `quayside-mcp` against a running service. */
export async function stdioClient(baseUrl: string, key: string) {
  const stderr: string[] = []
  const client = new Client({ name: 'quayside-test', version: '1.0.0' })
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MCP_BIN],
    env: { PATH: process.env.PATH ?? '', QUAYSIDE_URL: baseUrl, QUAYSIDE_API_KEY: key },
    stderr: 'pipe',
  })
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()))
  await client.connect(transport)
  return { client, stderr }
}

export type ToolAnswer = { text: string; data: Record<string, unknown>; isError: boolean }

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolAnswer> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
  return {
    text,
    data: (result.structuredContent ?? {}) as Record<string, unknown>,
    isError: Boolean(result.isError),
  }
}
