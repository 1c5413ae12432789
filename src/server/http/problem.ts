import type { ErrorObject } from '../../contract/document'

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorObject[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((error) => error.detail ?? error.title).join('; '))
  }
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
}

const titleFor = (status: number) => titles[status] ?? 'Error'

type ProblemDetail = {
  detail: string
  pointer?: string
  parameter?: string
  code?: string
  title?: string
  meta?: Record<string, unknown>
}

export const problem = (status: number, ...details: ProblemDetail[]) =>
  new Problem(
    status,
    details.map(({ detail, pointer, parameter, code, title, meta }) => ({
      status: String(status),
      title: title ?? titleFor(status),
      detail,
      ...(code ? { code } : {}),
      // '' is a real JSON pointer: the whole document
      ...(pointer !== undefined ? { source: { pointer } } : parameter ? { source: { parameter } } : {}),
      ...(meta ? { meta } : {}),
    })),
  )

export const notFound = (what: string, id: string) =>
  problem(404, { detail: `Couldn't find ${what} with id ${id}` })

export const badParameter = (parameter: string, detail: string) => problem(400, { parameter, detail })

export const invalidField = (pointer: string, detail: string, code?: string) =>
  problem(422, { pointer, detail, code })
