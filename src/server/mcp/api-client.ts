import { SERVICE_TIME_HEADER } from '../../contract/service-time'

/** The /v2 API as the caller sees it: in the service, the app itself with the caller's own header; for stdio, HTTP. */
export type Api = (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>

type ErrorBody = { errors?: { detail?: string; title?: string; code?: string }[] }

/** The API refused: the tool says so in words a person can act on. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly code?: string,
  ) {
    super(detail)
  }
}

export type Answer<T = Record<string, unknown>> = { body: T; now: Date }

async function readAnswer(response: Response): Promise<Answer<unknown>> {
  const header = response.headers.get(SERVICE_TIME_HEADER)
  const at = header ? Date.parse(header) : Number.NaN
  const now = new Date(Number.isFinite(at) ? at : Date.now())
  const text = await response.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  if (response.status >= 400) {
    const first = (body as ErrorBody | undefined)?.errors?.[0]
    throw new ApiRefusal(response.status, first?.detail ?? first?.title ?? response.statusText, first?.code)
  }
  return { body, now }
}

/** Reads and writes that throw an ApiRefusal for any answer of 400 or more. */
export function apiReader(api: Api) {
  return {
    get: async <T = Record<string, unknown>>(path: string) =>
      (await readAnswer(await api(path))) as Answer<T>,
    send: async <T = Record<string, unknown>>(method: string, path: string, body: unknown) =>
      (await readAnswer(await api(path, { method, body }))) as Answer<T>,
  }
}
export type ApiReader = ReturnType<typeof apiReader>

/** A query string from named values, skipping the empty ones. */
export function queryOf(values: Record<string, string | number | undefined | null>) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value))
  const text = params.toString().replaceAll('%5B', '[').replaceAll('%5D', ']').replaceAll('%2C', ',')
  return text ? `?${text}` : ''
}
