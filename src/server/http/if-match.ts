import type { Context } from 'hono'
import { Problem } from './problem'

/** What an `If-Match` header asks for: any current version (`*`), or one of these. */
export type IfMatch = '*' | number[]

const TAG = /^"(\d{1,9})"$/

/**
 * Reads `If-Match` (a Quayside extension to the interface): entity tags are a resource's `version` in
 * quotes (`"3"`), as its `ETag` gives it. Undefined when the header is not sent; a malformed one is a 400.
 */
export function readIfMatch(c: Context): IfMatch | undefined {
  const header = c.req.header('If-Match')?.trim()
  if (header === undefined || header === '') return undefined
  if (header === '*') return '*'
  const tags = header.split(',').map((tag) => TAG.exec(tag.trim())?.[1])
  if (tags.some((tag) => tag === undefined))
    throw new Problem(400, [
      {
        status: '400',
        title: 'Bad Request',
        detail: `If-Match must list versions as the ETag gives them, such as "3" (got ${header.slice(0, 40)})`,
        source: { header: 'If-Match' },
      },
    ])
  return tags.map(Number)
}

/** Whether a resource at `version` (undefined: there is none) satisfies `If-Match`. */
export const matches = (ifMatch: IfMatch | undefined, version: number | undefined) =>
  ifMatch === undefined || (version !== undefined && (ifMatch === '*' || ifMatch.includes(version)))

/** 412 in the error envelope: someone changed the resource since the client read it. */
export const preconditionFailed = (what: string, version: number | undefined) =>
  new Problem(412, [
    {
      status: '412',
      title: 'Precondition Failed',
      detail:
        version === undefined
          ? `This ${what} no longer exists; read it again before changing it`
          : `This ${what} was changed by someone else (it is now version ${version}); read it again before changing it`,
      code: 'precondition_failed',
      source: { header: 'If-Match' },
      ...(version === undefined ? {} : { meta: { version } }),
    },
  ])

/** The entity tag of a resource at `version`, for its `ETag` header. */
export const entityTag = (version: number) => `"${version}"`
