import type { MessageItem, MessageModel, MessageSection } from './message-model'
import { subjectOf, withNumber } from './message-model'

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Every value that reaches the HTML part goes through here, attributes included. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ENTITIES[ch])

const itemLines = (item: MessageItem) => [
  `- ${withNumber(item)}`,
  ...(item.billOfLadingNumber ? [`  Bill of lading ${item.billOfLadingNumber}`] : []),
  ...(item.body ? [`  ${item.body}`] : []),
  ...(item.cost ? [`  What it costs: ${item.cost}`] : []),
  ...item.fields.map(([name, value]) => `  ${name}: ${value}`),
  `  Open: ${item.url}`,
]

const sectionLines = (section: MessageSection) => [
  section.ruleName,
  '='.repeat(Math.min(section.ruleName.length, 60)),
  ...section.customers.flatMap((customer) => [
    ...(customer.name ? [`${customer.name}:`] : []),
    ...customer.items.flatMap(itemLines),
    '',
  ]),
  ...(section.unsubscribeUrl
    ? [`Stop emails from "${section.ruleName}": ${section.unsubscribeUrl}`, '']
    : []),
]

export function renderText(model: MessageModel) {
  return [
    `${model.count} ${model.count === 1 ? 'alert' : 'alerts'} from Quayside.`,
    '',
    ...model.sections.flatMap(sectionLines),
    `Dashboard: ${model.dashboardUrl}`,
    `Message ${model.id}`,
  ].join('\n')
}

const STYLE = {
  body: 'font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.45;max-width:640px',
  h2: 'font-size:18px;margin:24px 0 8px',
  h3: 'font-size:15px;margin:16px 0 4px;color:#333',
  item: 'margin:0 0 12px;padding:8px 12px;border-left:3px solid #1d4ed8;background:#f5f7fb',
  small: 'font-size:12px;color:#555',
  link: 'color:#1d4ed8',
}

const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="${STYLE.link}">${escapeHtml(label)}</a>`

const itemHtml = (item: MessageItem) =>
  [
    `<div style="${STYLE.item}">`,
    `<div><strong>${escapeHtml(withNumber(item))}</strong></div>`,
    item.billOfLadingNumber
      ? `<div style="${STYLE.small}">Bill of lading ${escapeHtml(item.billOfLadingNumber)}</div>`
      : '',
    item.body ? `<div>${escapeHtml(item.body)}</div>` : '',
    item.cost ? `<div>What it costs: ${escapeHtml(item.cost)}</div>` : '',
    ...item.fields.map(
      ([name, value]) => `<div style="${STYLE.small}">${escapeHtml(name)}: ${escapeHtml(value)}</div>`,
    ),
    `<div>${link(item.url, 'Open in Quayside')}</div>`,
    '</div>',
  ].join('')

const sectionHtml = (section: MessageSection) =>
  [
    `<h2 style="${STYLE.h2}">${escapeHtml(section.ruleName)}</h2>`,
    ...section.customers.flatMap((customer) => [
      customer.name ? `<h3 style="${STYLE.h3}">${escapeHtml(customer.name)}</h3>` : '',
      ...customer.items.map(itemHtml),
    ]),
    section.unsubscribeUrl
      ? `<p style="${STYLE.small}">${link(section.unsubscribeUrl, `Stop emails from "${section.ruleName}"`)}</p>`
      : '',
  ].join('')

/** Inline styles only and nothing remote: mail clients drop style sheets and block remote content. */
export function renderHtml(model: MessageModel) {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(subjectOf(model))}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<p>${model.count} ${model.count === 1 ? 'alert' : 'alerts'} from Quayside.</p>`,
    ...model.sections.map(sectionHtml),
    `<p style="${STYLE.small}">${link(model.dashboardUrl, 'Open the dashboard')} · Message ${escapeHtml(model.id)}</p>`,
    '</body></html>',
  ].join('')
}

/** RFC 8058: a one-click POST to the https link; mail clients show an Unsubscribe button. */
export function unsubscribeHeaders(model: MessageModel): Record<string, string> {
  if (!model.unsubscribeAllUrl) return {}
  return {
    'List-Unsubscribe': `<${model.unsubscribeAllUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}
