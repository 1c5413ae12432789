import type { ErrorObject } from '../../contract/document'
import { Problem, problem } from '../http/problem'
import type { Storage, Stores } from '../storage/storage'
import { applyResources, resourcesOf } from './apply-document'
import { type UpstreamClient, type UpstreamDocument, UpstreamError } from './upstream-client'

const NOTHING_SAVED = 'nothing was saved here or there'

function passedErrors(status: number, body: unknown): ErrorObject[] {
  const errors = (body as UpstreamDocument | undefined)?.errors
  if (!Array.isArray(errors) || errors.length === 0)
    return [
      {
        status: String(status),
        title: 'Refused by the upstream',
        detail: `The upstream refused the change (${status})`,
      },
    ]
  return errors.map((error) => {
    const e = (error ?? {}) as Record<string, unknown>
    const source = e.source && typeof e.source === 'object' ? (e.source as ErrorObject['source']) : undefined
    return {
      status: String(e.status ?? status),
      title: typeof e.title === 'string' ? e.title : 'Refused by the upstream',
      ...(typeof e.detail === 'string' ? { detail: e.detail } : {}),
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
      ...(source ? { source } : {}),
    } as ErrorObject
  })
}

function problemFrom(error: UpstreamError) {
  switch (error.kind) {
    case 'refused':
      return new Problem(error.status ?? 422, passedErrors(error.status ?? 422, error.body))
    case 'unauthorised':
      return problem(502, {
        detail: `${error.message}; ${NOTHING_SAVED}. Connect the account again with a valid key`,
        code: 'upstream_unauthorised',
      })
    case 'rate_limited': {
      const refusal = problem(503, {
        detail: `${error.message}; ${NOTHING_SAVED}`,
        code: 'upstream_rate_limited',
      })
      const seconds = String(Math.ceil((error.retryAfterMs ?? 60_000) / 1000))
      return new Problem(503, refusal.errors, { 'Retry-After': seconds })
    }
    default:
      return problem(503, {
        detail: `${error.message}; ${NOTHING_SAVED}. Try again when it answers`,
        code: 'upstream_unreachable',
      })
  }
}

/** Upstream first, so the two never differ; an unreachable upstream leaves nothing changed and nothing queued. */
export async function writeThrough(
  link: { storage: Storage; client: UpstreamClient; onAccountChanged?: (accountId: string) => void },
  accountId: string,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  record?: (
    stores: Stores,
    made: { id?: string; type?: string; attributes?: Record<string, unknown> },
  ) => Promise<void>,
) {
  let answer: Awaited<ReturnType<UpstreamClient['send']>>
  try {
    answer = await link.client.send(method, path, body)
  } catch (error) {
    throw error instanceof UpstreamError ? problemFrom(error) : error
  }
  const data = answer.body.data as { id?: unknown; type?: unknown; attributes?: unknown } | undefined
  await link.storage.transaction(async (stores) => {
    await applyResources(stores, accountId, resourcesOf(answer.body), answer.date)
    await record?.(stores, {
      id: typeof data?.id === 'string' ? data.id : undefined,
      type: typeof data?.type === 'string' ? data.type : undefined,
      attributes:
        data?.attributes && typeof data.attributes === 'object'
          ? (data.attributes as Record<string, unknown>)
          : undefined,
    })
  })
  link.onAccountChanged?.(accountId)
  return {
    status: answer.status,
    id: typeof data?.id === 'string' ? data.id : undefined,
    type: typeof data?.type === 'string' ? data.type : undefined,
  }
}
