import type { Context } from 'hono'
import { en } from 'zod/locales'
import { config, safeParse, type z } from 'zod/mini'
import { readBoundedJson } from './bounded-json'
import { problem } from './problem'

// zod mini carries no messages: the service's 422 details are in English
config(en())

const toPointer = (path: readonly PropertyKey[]) =>
  path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')

const describeIssue = (issue: z.core.$ZodIssue) => {
  const field = issue.path.at(-1)
  if (issue.code === 'unrecognized_keys')
    return `${issue.keys.map((key) => `'${key}'`).join(', ')} ${issue.keys.length === 1 ? 'is' : 'are'} not a writable attribute`
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return `${field === undefined ? 'A body' : `'${String(field)}'`} is required`
  return field === undefined ? issue.message : `'${String(field)}': ${issue.message}`
}

const validationProblem = (error: z.core.$ZodError) =>
  problem(
    422,
    ...error.issues.map((issue) => ({
      detail: describeIssue(issue),
      pointer:
        issue.code === 'unrecognized_keys'
          ? toPointer([...issue.path, issue.keys[0]])
          : toPointer(issue.path),
      code: 'invalid',
    })),
  )

export async function readBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const { json, nulPointer } = await readBoundedJson(c)
  if (json === undefined)
    throw problem(422, {
      detail: "The body must be a JSON object with 'data'",
      pointer: '/data',
      code: 'invalid',
    })
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw problem(422, { detail: "The body must be a JSON object with 'data'", pointer: '', code: 'invalid' })
  if (nulPointer !== undefined)
    throw problem(422, {
      detail: 'Text may not contain a NUL character',
      pointer: nulPointer,
      code: 'invalid',
    })
  // without the input zod cannot tell a missing field from one of the wrong type
  const result = safeParse(schema, json, { reportInput: true })
  if (!result.success) throw validationProblem(result.error)
  return result.data
}
