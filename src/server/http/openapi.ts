import { z } from 'zod'
import { ErrorDocumentSchema } from '../../contract/document'
import { OPERATIONS } from './openapi-operations'

const schemaOf = (schema: z.core.$ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
const errorResponse = (description: string) => ({
  description,
  content: { 'application/vnd.api+json': { schema: schemaOf(ErrorDocumentSchema) } },
})

/** The OpenAPI 3.1 document, generated from the contract so it cannot drift from what is validated. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const operation of OPERATIONS) {
    const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    paths[operation.path] ??= {}
    paths[operation.path][operation.method] = {
      summary: operation.summary,
      ...(operation.public ? { security: [] } : {}),
      parameters: [
        ...pathParameters,
        ...(operation.query ?? []).map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
      ],
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/vnd.api+json': { schema: schemaOf(operation.body) } },
            },
          }
        : {}),
      responses: {
        [operation.status ?? 200]: {
          description: 'Success',
          content:
            operation.response === 'file'
              ? { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } }
              : { 'application/vnd.api+json': { schema: schemaOf(operation.response) } },
        },
        400: errorResponse('A query parameter is not valid'),
        ...(operation.public
          ? { 403: errorResponse('The link is forged or has expired') }
          : { 401: errorResponse('No API key, or one that is not valid') }),
        ...(operation.method === 'get'
          ? {}
          : { 403: errorResponse('The key is read-only'), 422: errorResponse('The body is not valid') }),
        404: errorResponse('Not found, or not in your account'),
        429: errorResponse('Over the rate limit; see Retry-After'),
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quayside tracking service',
      version: '0.2.0',
      description: 'Terminal49 API v2 compatible container tracking.',
    },
    servers: [{ url: '/v2' }],
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <API key>' },
      },
    },
    security: [{ token: [] }],
    paths,
  }
}
