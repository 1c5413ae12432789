import type { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import { z } from 'zod/mini'
import { ErrorDocumentSchema } from '../../contract/document'

const { $schema: _, ...errorDocument } = z.toJSONSchema(ErrorDocumentSchema, {
  io: 'input',
  unrepresentable: 'any',
})

/** A route that is not declared with `route()` is not in it, and the test comparing the two fails. */
// biome-ignore lint/suspicious/noExplicitAny: any router's routes can be described
export async function openApiDocument(app: Hono<any>, publicUrl: string) {
  return generateSpecs(app, {
    defaultValidationErrorResponse: false,
    documentation: {
      info: {
        title: 'Quayside tracking service',
        version: '0.3.0',
        description:
          'Terminal49 API v2 compatible container tracking. Every request needs `Authorization: Token <API key>`.',
      },
      servers: [{ url: `${publicUrl}/v2` }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <API key>' },
        },
        schemas: {
          // zod's JSON Schema type and openapi-types' SchemaObject spell the same 3.1 schema differently
          ErrorDocument: errorDocument as unknown as Record<string, never>,
        },
      },
      security: [{ token: [] }],
    },
  })
}
