import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { describeRoute, resolver, validator } from 'hono-openapi'
import { z } from 'zod/mini'
import { JSON_API } from '../../contract/document'
import type { Role } from '../../contract/people'
import type { Caller } from './auth'
import { type IfMatch, readIfMatch } from './if-match'
import { problem } from './problem'
import { readBody } from './request-body'
import { leastRole, requireRole } from './require-role'

export type RouteEnv = { Variables: { caller: Caller; publicUrl: string } }

type Method = 'get' | 'post' | 'patch' | 'delete'
type Schema = z.core.$ZodType
type QueryShape = Record<string, Schema>
type Status = 200 | 201 | 202 | 204

/** Paths are Hono paths under /v2 (`/shipments/:id`); the document spells them `/shipments/{id}`. */
export type RouteDeclaration<P extends string, Q extends QueryShape, B extends Schema | undefined> = {
  method: Method
  path: P
  summary: string
  description?: string
  /** Checked before the handler runs (400 naming the parameter). */
  query?: Q
  /** Named by a pattern (`filter[custom_fields.<slug>]`); each given at most once, documented once by template. */
  queryFamilies?: Record<string, QueryFamily>
  body?: B
  form?: Schema
  raw?: { contentType: string; description: string }
  response: Schema | 'file' | 'empty'
  status?: Status
  /** A signature in the query is the credential. */
  public?: true
  /** 409 when `data.id` differs, as JSON:API says; the last path parameter unless given. */
  idParam?: string | false
  /** 412 when the resource is no longer at `version`; the answer carries the new one as `ETag`. */
  ifMatch?: true
  /** The least role that may call it: a viewer for reads and an operator for writes unless given. */
  role?: Role
  /** The customer role is refused unless the handler scopes its answer to the caller's party, or to the caller alone. */
  customer?: 'party-scoped' | 'self'
}

export type QueryFamily = {
  pattern: RegExp
  template: string
  description: string
  /** A near-miss name is a 400, not a filter silently ignored. */
  prefix: string
}

type RouteInput<Q extends QueryShape, B extends Schema | undefined> = {
  query: z.output<z.ZodMiniObject<Q>>
  families: Record<string, Map<string, string>>
  body: B extends Schema ? z.output<B> : undefined
  ifMatch: IfMatch | undefined
}

type RouteHandler<P extends string, Q extends QueryShape, B extends Schema | undefined> = (
  c: Context<RouteEnv, P>,
  input: RouteInput<Q, B>,
) => Response | Promise<Response>

export type Operation = {
  declaration: RouteDeclaration<string, QueryShape, Schema | undefined>
  handlers: MiddlewareHandler[]
}

const document = (schema: Schema) => ({ schema: resolver(schema as z.ZodMiniType) })
const errorResponse = (description: string) => ({ description, content: { [JSON_API]: { schema: ERROR } } })
const ERROR = { $ref: '#/components/schemas/ErrorDocument' }

const lastParameter = (path: string) => [...path.matchAll(/:(\w+)/g)].at(-1)?.[1]

function errorResponses(declaration: RouteDeclaration<string, QueryShape, Schema | undefined>) {
  const writes = declaration.method !== 'get'
  const hasBody = Boolean(declaration.body || declaration.form || declaration.raw)
  return {
    ...((declaration.query && Object.keys(declaration.query).length > 0) || hasBody
      ? { 400: errorResponse('A query parameter is not valid, or the body is not JSON') }
      : {}),
    ...(declaration.public
      ? { 403: errorResponse('The link is forged or has expired') }
      : {
          401: errorResponse('No API key, or one that is not valid'),
          403: errorResponse(
            writes
              ? "The key is read-only, or the caller's role may not do this"
              : "The caller's role may not read this",
          ),
        }),
    404: errorResponse('Not found, or not in your account'),
    ...(conflictParameter(declaration)
      ? { 409: errorResponse("The body's data.id is not the id in the path") }
      : {}),
    ...(declaration.ifMatch
      ? { 412: errorResponse('If-Match names a version the resource is no longer at: read it again') }
      : {}),
    ...(hasBody
      ? {
          413: errorResponse('The body is larger than allowed'),
          422: errorResponse('The body is not valid; source.pointer names the field'),
        }
      : {}),
    ...(declaration.public ? {} : { 429: errorResponse('Over the rate limit; see Retry-After') }),
  }
}

function conflictParameter(declaration: RouteDeclaration<string, QueryShape, Schema | undefined>) {
  if (declaration.method !== 'patch' || !declaration.body || declaration.idParam === false) return undefined
  return declaration.idParam ?? lastParameter(declaration.path)
}

function successResponse(declaration: RouteDeclaration<string, QueryShape, Schema | undefined>) {
  const { response } = declaration
  const status = declaration.status ?? (response === 'empty' ? 204 : 200)
  if (response === 'empty') return { [status]: { description: 'Done; no body' } }
  if (response === 'file')
    return {
      [status]: {
        description: 'The file',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
    }
  const headers = declaration.ifMatch ? { headers: { ETag: ETAG_HEADER } } : {}
  return { [status]: { description: 'Success', ...headers, content: { [JSON_API]: document(response) } } }
}

const ETAG_HEADER = {
  description: "The resource's new version in quotes, to send back as If-Match",
  schema: { type: 'string' as const },
}
const IF_MATCH_PARAMETER = {
  name: 'If-Match',
  in: 'header' as const,
  required: false,
  description:
    'A Quayside extension: the version the change was made from, in quotes as the ETag gives it ("3"), or *. When the resource is no longer at it the change is refused with 412.',
  schema: { type: 'string' as const },
}

function parametersOf(declaration: RouteDeclaration<string, QueryShape, Schema | undefined>) {
  const parameters = [
    ...Object.values(declaration.queryFamilies ?? {}).map((family) => ({
      name: family.template,
      in: 'query' as const,
      description: family.description,
      schema: { type: 'string' as const },
    })),
    ...(declaration.ifMatch ? [IF_MATCH_PARAMETER] : []),
  ]
  return parameters.length > 0 ? { parameters } : {}
}

/** The least role, so clients (and the auth matrix) read who may call it from the document. */
const roleExtension = (declaration: RouteDeclaration<string, QueryShape, Schema | undefined>) => ({
  'x-quayside-role': leastRole(declaration),
  ...(declaration.customer ? { 'x-quayside-customer': declaration.customer } : {}),
})

function documentation(declaration: RouteDeclaration<string, QueryShape, Schema | undefined>) {
  const [, tag] = declaration.path.split('/')
  return describeRoute({
    summary: declaration.summary,
    ...(declaration.description ? { description: declaration.description } : {}),
    tags: [tag],
    ...(declaration.public ? { security: [] } : roleExtension(declaration)),
    ...parametersOf(declaration),
    ...(declaration.body
      ? { requestBody: { required: true, content: { [JSON_API]: document(declaration.body) } } }
      : declaration.form
        ? { requestBody: { required: true, content: { 'multipart/form-data': document(declaration.form) } } }
        : declaration.raw
          ? {
              requestBody: {
                required: true,
                description: declaration.raw.description,
                content: { [declaration.raw.contentType]: { schema: { type: 'string', format: 'binary' } } },
              },
            }
          : {}),
    responses: { ...successResponse(declaration), ...errorResponses(declaration) },
  })
}

const refuseQuery = (result: { success: boolean; error?: readonly z.core.$ZodIssue[] | unknown }) => {
  if (result.success) return
  const issues = result.error as readonly { path?: readonly PropertyKey[]; message: string }[]
  throw problem(
    400,
    ...issues.map((issue) => {
      const name = String(issue.path?.[0] ?? 'query')
      return { parameter: name, detail: `${name} ${issue.message}` }
    }),
  )
}

function readFamilies(c: Context, families: Record<string, QueryFamily>) {
  const read: Record<string, Map<string, string>> = {}
  const queries = Object.entries(families).length > 0 ? c.req.queries() : {}
  for (const [key, family] of Object.entries(families)) {
    read[key] = new Map()
    for (const [name, values] of Object.entries(queries)) {
      const match = family.pattern.exec(name)
      if (!match && name.startsWith(family.prefix))
        throw problem(400, { parameter: name, detail: `${name} must be written as ${family.template}` })
      if (!match) continue
      if (values.length > 1) throw problem(400, { parameter: name, detail: `${name} must be given once` })
      if (values[0] !== '') read[key].set(match[1], values[0])
    }
  }
  return read
}

/** Not a filter silently ignored. */
function refuseUnknownFilters(c: Context, declaration: Operation['declaration']) {
  const declared = Object.keys(declaration.query ?? {}).filter((name) => name.startsWith('filter['))
  const families = Object.values(declaration.queryFamilies ?? {})
  for (const name of Object.keys(c.req.queries())) {
    if (!name.startsWith('filter[') || declared.includes(name)) continue
    if (families.some((family) => family.pattern.test(name) || name.startsWith(family.prefix))) continue
    const known = [...declared, ...families.map((family) => family.template)]
    throw problem(400, {
      parameter: name,
      detail: `${name} is not a filter of this list; it takes ${known.length > 0 ? known.join(', ') : 'no filters'}`,
    })
  }
}

function checkConflict(c: Context, parameter: string, body: unknown) {
  const id = (body as { data?: { id?: unknown } } | undefined)?.data?.id
  const expected = c.req.param(parameter)
  if (typeof id === 'string' && expected !== undefined && id !== expected)
    throw problem(409, {
      detail: `The body is for ${id}, but the path is for ${expected}`,
      pointer: '/data/id',
      code: 'conflict',
    })
}

export function route<
  const P extends string,
  // biome-ignore lint/complexity/noBannedTypes: a route without query parameters reads none
  Q extends QueryShape = {},
  B extends Schema | undefined = undefined,
>(declaration: RouteDeclaration<P, Q, B>, handler: RouteHandler<P, Q, B>): Operation {
  const handlers: MiddlewareHandler[] = [documentation(declaration as Operation['declaration'])]
  if (declaration.query && Object.keys(declaration.query).length > 0)
    handlers.push(validator('query', z.object(declaration.query), refuseQuery))
  const conflict = conflictParameter(declaration as Operation['declaration'])
  const handle: MiddlewareHandler<RouteEnv, P> = async (c) => {
    if (!declaration.public) requireRole(c.var.caller, declaration)
    const body = declaration.body ? await readBody(c, declaration.body) : undefined
    if (conflict) checkConflict(c, conflict, body)
    const query = (declaredQuery(c) ?? {}) as RouteInput<Q, B>['query']
    const families = readFamilies(c, declaration.queryFamilies ?? {})
    if (declaration.method === 'get' && declaration.query)
      refuseUnknownFilters(c, declaration as Operation['declaration'])
    const ifMatch = declaration.ifMatch ? readIfMatch(c) : undefined
    return handler(c, { query, body, families, ifMatch } as RouteInput<Q, B>)
  }
  handlers.push(handle)
  return { declaration: declaration as Operation['declaration'], handlers }
}

export const declaredQuery = (c: Context) =>
  (c.req.valid as (target: 'query') => Record<string, unknown> | undefined)('query')

/** In order: a fixed sub-path (`/webhooks/events`) comes before `/webhooks/:id`. */
/** `E`: an app that sets more than the caller (the embed API's grant) mounts the routes under its own env. */
export function routes<E extends RouteEnv = RouteEnv>(...operations: Operation[]) {
  const router = new Hono<E>()
  for (const { declaration, handlers } of operations)
    router.on(declaration.method.toUpperCase(), [declaration.path], ...(handlers as [MiddlewareHandler]))
  return router
}
