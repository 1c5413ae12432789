import type { MessageItem, MessageModel } from './message-model'
import { subjectOf, withNumber } from './message-model'

/** Slack's mrkdwn needs only these three escaped; a value can then neither link nor mention. */
const escapeMrkdwn = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const itemText = (item: MessageItem) =>
  [
    `• <${item.url}|${escapeMrkdwn(withNumber(item))}>`,
    ...(item.body ? [`   ${escapeMrkdwn(item.body)}`] : []),
    ...(item.cost ? [`   What it costs: ${escapeMrkdwn(item.cost)}`] : []),
  ].join('\n')

const MAX_SECTION_CHARS = 2900

/**
 * Slack's incoming-webhook format: `text` alone is what Teams, Mattermost and Discord's /slack endpoint show;
 * `blocks` is Slack's richer layout of the same words.
 */
export function chatPayload(model: MessageModel) {
  const lines = model.sections.flatMap((section) =>
    section.customers.flatMap((customer) => [
      `*${escapeMrkdwn(section.ruleName)}*${customer.name ? ` · ${escapeMrkdwn(customer.name)}` : ''}`,
      ...customer.items.map(itemText),
    ]),
  )
  const text = [escapeMrkdwn(subjectOf(model)), ...lines].join('\n')
  const blocks = [
    { type: 'header', text: { type: 'plain_text', text: subjectOf(model).slice(0, 150) } },
    ...model.sections.flatMap((section) =>
      section.customers.map((customer) => ({
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: [
            `*${escapeMrkdwn(section.ruleName)}*${customer.name ? ` · ${escapeMrkdwn(customer.name)}` : ''}`,
            ...customer.items.map(itemText),
          ]
            .join('\n')
            .slice(0, MAX_SECTION_CHARS),
        },
      })),
    ),
    { type: 'context', elements: [{ type: 'mrkdwn', text: `Quayside message ${model.id}` }] },
  ]
  return { text, blocks: blocks.slice(0, 50) }
}
