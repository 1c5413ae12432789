import type { Service } from './harness'

export const PASSWORD = 'a passphrase long enough'

/** A browser on the gateway: same-origin JSON, and the session cookie it was last given. */
export function browserOn(service: Service, address?: string) {
  let cookie = ''
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: {
        origin: service.baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...(address ? { 'x-forwarded-for': address } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const setCookie = response.headers.get('set-cookie')
    if (setCookie) cookie = setCookie.split(';')[0]
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
  }
  return {
    send,
    get cookie() {
      return cookie
    },
    set cookie(value: string) {
      cookie = value
    },
    signIn: (email: string, password = PASSWORD) => send('POST', '/session', { email, password }),
  }
}

let serial = 0

/** An invitation made with `key` (the demo account's owner key unless given), accepted by a new browser. */
export async function invitedPerson(
  service: Service,
  role: string,
  options: { key?: string; password?: string | null; email?: string } = {},
) {
  const email = options.email ?? `person-${++serial}-${Date.now()}@example.com`
  const made = await service.call('POST', '/v2/invitations', {
    key: options.key,
    body: JSON.stringify({ data: { type: 'invitation', attributes: { email, role } } }),
  })
  if (made.status !== 201) throw new Error(`Could not invite: ${made.status} ${JSON.stringify(made.body)}`)
  const token = new URL(made.body.data.attributes.accept_url).pathname.split('/').at(-1)!
  const browser = browserOn(service)
  const password = options.password === null ? {} : { password: options.password ?? PASSWORD }
  const accepted = await browser.send('POST', `/session/invitations/${token}`, {
    first_name: 'Pat',
    ...password,
  })
  if (accepted.status !== 200)
    throw new Error(`Could not accept: ${accepted.status} ${JSON.stringify(accepted.body)}`)
  return {
    email,
    token,
    browser,
    id: accepted.body.user.id as string,
    invitationId: made.body.data.id as string,
  }
}
