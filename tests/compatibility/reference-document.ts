import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { readReference } from '../contract/reference'

type Json = Record<string, unknown>
export type ReferenceDocument = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, Json> }> }>>
  components: { schemas: Record<string, Json> }
}

export const loadReference = () => readReference('openapi.json') as ReferenceDocument

export const liveResponse = (file: string) => readReference(`live-responses/${file}`)

/** One entry of webhook-notification-examples.json, by event kind, as the real service sent it. */
export const webhookExample = (kind: string) =>
  (readReference('webhook-notification-examples.json') as Record<string, Record<string, unknown>>)[kind]

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** Every operation of the document, as `METHOD /path` with the path as the document spells it. */
export const operationsOf = (document: ReferenceDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => (METHODS as readonly string[]).includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  )

/**
 * OpenAPI 3.0 marks a value that may be null with `nullable: true`; JSON Schema, which ajv speaks, adds
 * 'null' to the type (and to an enum). The document means the same thing either way.
 */
function nullableToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableToJsonSchema)
  if (node === null || typeof node !== 'object') return node
  const { nullable, ...rest } = node as Json
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, nullableToJsonSchema(value)]),
  )
  if (nullable !== true) return converted
  if (Array.isArray(converted.enum) && !converted.enum.includes(null))
    converted.enum = [...converted.enum, null]
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'] }
  return { anyOf: [converted, { type: 'null' }] }
}

/**
 * Validators for the success bodies of a reference document: `validator(operation, status)` compiles the
 * response schema of that operation and status (undefined when the document gives none).
 */
export function responseValidators(document: ReferenceDocument) {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  const converted = nullableToJsonSchema(document) as ReferenceDocument
  ajv.addSchema({ components: converted.components }, 'reference')
  const compiled = new Map<string, ValidateFunction | undefined>()
  const validator = (operation: string, status: number) => {
    const key = `${operation} ${status}`
    if (!compiled.has(key)) {
      const [method, path] = operation.split(' ')
      const content = converted.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content
      const schema = content && Object.values(content)[0]?.schema
      compiled.set(
        key,
        schema
          ? ajv.compile(
              JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"reference#/components/')),
            )
          : undefined,
      )
    }
    return compiled.get(key)
  }
  /** A validator of one schema of the document's components, by name. */
  const component = (name: string) => ajv.compile({ $ref: `reference#/components/schemas/${name}` })
  return Object.assign(validator, { component })
}

/** A short account of why a body does not fit, for a test failure. */
export const describeErrors = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 8)
    .map((error) => `${error.instancePath || '(body)'} ${error.message} ${JSON.stringify(error.params)}`)
    .join('\n')
