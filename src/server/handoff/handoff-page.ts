import { APPOINTMENT_ATTRIBUTE, APPOINTMENT_KINDS, APPOINTMENT_LABELS } from '../../contract/appointments'
import { containerStateOf, holdsLine, type StateAttributes, stateWords } from '../../contract/container-state'

export type HandoffContainer = {
  id: string
  attributes: StateAttributes & Record<string, unknown>
  terminalName: string | null
  confirmed: { pickup?: unknown; empty_return?: unknown }
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** In the port's own zone, with its name, since the trucker stands there. */
function localTime(value: unknown, zone: unknown) {
  if (typeof value !== 'string') return 'Not set'
  const timeZone = typeof zone === 'string' ? zone : 'UTC'
  const text = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(value))
  return escapeHtml(text)
}

const row = (label: string, html: string) =>
  `<tr><th scope="row">${escapeHtml(label)}</th><td>${html}</td></tr>`

function confirmForm(token: string, container: HandoffContainer, step: 'pickup' | 'empty_return') {
  const done = container.confirmed[step]
  const label = step === 'pickup' ? 'Confirm pickup' : 'Confirm empty returned'
  if (done) return `<p class="done">${step === 'pickup' ? 'Pickup confirmed' : 'Empty return confirmed'}</p>`
  return `<form method="post" action="/handoff/${escapeHtml(token)}/confirm">
<input type="hidden" name="container_id" value="${escapeHtml(container.id)}">
<input type="hidden" name="step" value="${step}">
<button type="submit">${label} for ${escapeHtml(String(container.attributes.number ?? ''))}</button>
</form>`
}

function containerSection(token: string, container: HandoffContainer, now: Date) {
  const a = container.attributes
  const zone = a.pod_timezone
  const state = stateWords(containerStateOf(a, now), a, { terminalName: container.terminalName })
  const holds = holdsLine(a)
  const deadline = a.empty_return_deadline
  const appointments = APPOINTMENT_KINDS.map((kind) =>
    row(APPOINTMENT_LABELS[kind], localTime(a[APPOINTMENT_ATTRIBUTE[kind]], zone)),
  ).join('')
  return `<section aria-labelledby="c-${escapeHtml(container.id)}">
<h2 id="c-${escapeHtml(container.id)}">${escapeHtml(String(a.number ?? ''))}</h2>
<p class="state">${escapeHtml(state.label)}: ${escapeHtml(state.headline)}</p>
<table><tbody>
${row('Terminal', escapeHtml(container.terminalName ?? 'Unknown'))}
${appointments}
${row('Holds', holds ? escapeHtml(holds) : 'None')}
${row('Last free day', localTime(a.pickup_lfd, zone))}
${row('Return the empty by', typeof deadline === 'string' ? localTime(deadline, zone) : 'Ask the dispatcher')}
</tbody></table>
${confirmForm(token, container, 'pickup')}
${confirmForm(token, container, 'empty_return')}
</section>`
}

const shell = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/handoff/handoff.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`

/** The delivery order as the trucker sees it: no script, every value escaped. */
export function handoffPage(
  token: string,
  containers: HandoffContainer[],
  now: Date,
  note: string | null,
  said?: string,
) {
  const notice = said ? `<p role="status" class="notice">${escapeHtml(said)}</p>` : ''
  const sections = containers.map((container) => containerSection(token, container, now)).join('\n')
  return shell(
    'Delivery order',
    `<h1>Delivery order</h1>
${notice}
${note ? `<p class="note">${escapeHtml(note)}</p>` : ''}
${sections}`,
  )
}

export const gonePage = (reason: 'revoked' | 'expired' | 'unknown') =>
  shell(
    'Delivery order unavailable',
    `<h1>This delivery order link no longer works</h1>
<p>${
      reason === 'revoked'
        ? 'The dispatcher has revoked it.'
        : reason === 'expired'
          ? 'It has expired.'
          : 'It is not known.'
    } Ask the dispatcher for a new link.</p>`,
  )

export const HANDOFF_CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111;background:#fff}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem}h2{font-size:1.25rem;margin-top:2rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ccc;vertical-align:top}
th{width:45%;font-weight:600}
button{font:inherit;padding:.75rem 1rem;margin-top:.75rem;width:100%;background:#0b5394;color:#fff;border:0;border-radius:.4rem;cursor:pointer}
.done{color:#1d5e20;font-weight:600}.notice{background:#e8f1fb;padding:.5rem;border-radius:.4rem}
`
