import { CONTAINER_STATE_KINDS, holdWords, stateWords } from '../../contract/container-state'
import { HOLD_NAMES } from '../../contract/containers'
import { EVENT_KIND_LABELS, WEBHOOK_EVENT_KINDS } from '../../contract/event-kinds'

const milestones = WEBHOOK_EVENT_KINDS.filter((kind) => kind.startsWith('container.transport.'))

/** Milestones, holds and states in the contract's words, so an assistant says what the dashboard says. */
export function glossaryText() {
  const states = CONTAINER_STATE_KINDS.map((kind) => {
    const words = stateWords(kind, {}, { terminalName: 'the terminal', vesselName: '<vessel>' })
    return `- \`${kind}\` — ${words.label}: ${words.headline}`
  })
  return [
    '# Quayside glossary',
    '',
    '## Container states',
    "Every container is in exactly one state, worked out from its attributes by the contract's `containerStateOf`. The dashboard, board, widget, CSV, webhooks and these tools use the same words.",
    ...states,
    '',
    '## Milestones (transport events)',
    'A milestone is something that happened. An `estimated` event is a forecast and is never a milestone.',
    ...milestones.map(
      (kind) =>
        `- \`${kind}\` — ${EVENT_KIND_LABELS[kind]}${kind.includes('.estimated.') ? ' (an estimate, not a milestone)' : ''}`,
    ),
    '',
    '## Holds',
    'A hold at the terminal keeps a container from pickup; nothing is priced while one blocks pickup.',
    ...HOLD_NAMES.map((name) => `- \`${name}\` — ${holdWords({ name })}`),
    '',
    '## Last free day and staleness',
    "The last free day that counts: a person's correction first, then the terminal for pickup at the terminal, the railroad for a rail ramp, and the line only when nothing else is known.",
    'Terminal data older than 7 days, or a last free day not checked within the check interval, is stale: it is said as unconfirmed and never raises urgency.',
  ].join('\n')
}
