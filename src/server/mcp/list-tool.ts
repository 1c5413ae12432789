import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { type ApiReader, queryOf } from './api-client'
import type { ListBody, Resource } from './json-api'
import { answer, guarded, READ_ONLY } from './tool-kit'

const pageArgs = {
  page: z.number().int().positive().max(10_000).optional().describe('Page number (1-based)'),
  page_size: z
    .number()
    .int()
    .positive()
    .max(100)
    .optional()
    .describe('Page size, at most 100; 25 unless given'),
}
type PageArgs = { page?: number; page_size?: number }

const totalOf = (body: ListBody) => (body.meta as { total?: number } | undefined)?.total ?? body.data.length

type ListToolSpec<Filters extends z.ZodRawShape, Item> = {
  name: string
  title: string
  description: string
  filters: Filters
  path: string
  query: (args: z.infer<z.ZodObject<Filters>>) => Record<string, string | undefined>
  item: (resource: Resource, included: Resource[], now: Date) => Item
  line: (item: Item) => string
  none: string
}

/** A paged, read-only list tool: filters become the list's query, each row an item and a line of text. */
export function listTool<Filters extends z.ZodRawShape, Item>(
  server: McpServer,
  reader: ApiReader,
  spec: ListToolSpec<Filters, Item>,
) {
  const inputSchema: z.ZodRawShape = { ...spec.filters, ...pageArgs }
  server.registerTool(
    spec.name,
    { title: spec.title, description: spec.description, inputSchema, annotations: READ_ONLY },
    // The SDK has parsed the arguments with inputSchema; its types cannot follow a generic shape.
    guarded(async (parsed: Record<string, unknown>) => {
      const args = parsed as z.infer<z.ZodObject<Filters>> & PageArgs
      const query = queryOf({
        ...spec.query(args),
        'page[number]': args.page,
        'page[size]': args.page_size ?? 25,
      })
      const { body, now } = await reader.get<ListBody>(`${spec.path}${query}`)
      const items = body.data.map((resource) => spec.item(resource, body.included ?? [], now))
      const text = items.length ? items.map(spec.line).join('\n') : spec.none
      return answer(text, { items, total: totalOf(body), as_of: now.toISOString() })
    }),
  )
}
