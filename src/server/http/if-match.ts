import type { Context } from 'hono'
import { Problem } from './problem'

export type IfMatch = '*' | number[]

const TAG = /^"(\d{1,9})"$/

/** Entity tags are a resource's `version` in quotes, as its `ETag` gives it. */
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

export const matches = (ifMatch: IfMatch | undefined, version: number | undefined) =>
  ifMatch === undefined || (version !== undefined && (ifMatch === '*' || ifMatch.includes(version)))

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

export const entityTag = (version: number) => `"${version}"`
