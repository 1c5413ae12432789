import { randomBytes } from 'node:crypto'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Every value a client or person chose goes through here before it is written into the page. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char])

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b2733}
main{max-width:32rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0003}
h1{font-size:1.4rem;margin-top:0}dt{font-weight:600}dd{margin:0 0 .75rem}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #1b2733;cursor:pointer}
button[value=allow]{background:#0b5cad;border-color:#0b5cad;color:#fff}.muted{color:#52606d;font-size:.9rem}`

/** Nothing but its own style runs; its form may go to this server, which redirects to `formTargets`. */
const policy = (styleNonce: string, formTargets: string[]) =>
  [
    "default-src 'none'",
    `style-src 'nonce-${styleNonce}'`,
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')

function page(title: string, body: string, formTargets: string[] = []) {
  const nonce = randomBytes(16).toString('base64')
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Quayside</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main></body></html>`
  return { html, policy: policy(nonce, formTargets) }
}

export type Consent = {
  clientName: string
  redirectShown: string
  formTarget: string
  personName: string
  email: string
  scope: 'read' | 'write'
  askedWrite: boolean
  nonce: string
}

const scopeWords = (consent: Consent) =>
  consent.scope === 'write'
    ? 'Read and change your account’s shipments, containers and settings, as you may yourself.'
    : `Read your account’s shipments and containers, as you see them; it cannot change anything.${
        consent.askedWrite ? ' (It asked to make changes too; you may only grant reading.)' : ''
      }`

/** The question a person answers before an app gets a token that acts as them. */
export function consentPage(consent: Consent) {
  const name = escapeHtml(consent.clientName)
  return page(
    `Authorise ${consent.clientName}`,
    `<h1>Authorise <q>${name}</q> to use Quayside as you?</h1>
<dl><dt>App</dt><dd>${name}, which will be sent back to <strong>${escapeHtml(consent.redirectShown)}</strong></dd>
<dt>Signed in as</dt><dd>${escapeHtml(consent.personName)} (${escapeHtml(consent.email)})</dd>
<dt>It may</dt><dd>${escapeHtml(scopeWords(consent))}</dd></dl>
<p class="muted">Allow only apps you started yourself. You can revoke it at any time under Profile → API keys.</p>
<form method="post" action="/oauth/authorize"><input type="hidden" name="nonce" value="${escapeHtml(consent.nonce)}">
<div class="actions"><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></div></form>`,
    [consent.formTarget],
  )
}

/** When the request cannot safely be sent back to the app (an unknown client, a redirect URI not its own). */
export const refusalPage = (title: string, detail: string) =>
  page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>`)
