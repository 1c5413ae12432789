import type { ReactNode } from 'react'
import type { EmbedToken } from '../../../contract/embed-tokens'
import type { DataColumn } from '../../components/data-table/data-table'
import { Time } from '../../components/time/time'
import { FIELD_WORDS, SCOPE_WORDS } from './embed-words'

const stateOf = (token: EmbedToken) => {
  if (token.attributes.revoked_at) return 'Revoked'
  if (token.attributes.expires_at && new Date(token.attributes.expires_at) <= new Date()) return 'Expired'
  return 'Active'
}

const scopeWords = (token: EmbedToken) => {
  const scope = token.attributes.scope
  if (!scope) return '—'
  const kind = SCOPE_WORDS[scope.kind as keyof typeof SCOPE_WORDS] ?? scope.kind
  if (scope.kind === 'shipments') return `${scope.shipment_ids?.length ?? 0} shipments`
  if (scope.kind === 'tag') return `Tag “${scope.tag}”`
  if (scope.kind === 'customer') return "One customer's shipments"
  return kind
}

export const embedTokenColumns = (stateCell: (token: EmbedToken) => ReactNode): DataColumn<EmbedToken>[] => [
  {
    id: 'name',
    header: 'Name',
    cell: (t) => (
      <>
        {t.attributes.name} <code className="muted small">{t.attributes.token_prefix}…</code>
      </>
    ),
    phone: 'title',
    width: 10,
  },
  { id: 'scope', header: 'Shows', cell: scopeWords, width: 8 },
  {
    id: 'fields',
    header: 'Also shares',
    cell: (t) =>
      (t.attributes.fields ?? []).map((f) => FIELD_WORDS[f as keyof typeof FIELD_WORDS] ?? f).join(', ') ||
      'Basics only',
    width: 10,
  },
  {
    id: 'origins',
    header: 'Sites',
    cell: (t) => (t.attributes.allowed_origins ?? []).join(', '),
    width: 10,
  },
  { id: 'expires', header: 'Works until', cell: (t) => <Time value={t.attributes.expires_at} />, width: 8 },
  {
    id: 'used',
    header: 'Last used',
    cell: (t) => (t.attributes.last_used_at ? <Time value={t.attributes.last_used_at} /> : 'Never'),
    width: 8,
  },
  {
    id: 'uses',
    header: 'Uses',
    cell: (t) => (t.attributes.use_count ?? 0).toLocaleString('en-US'),
    width: 4,
  },
  {
    id: 'state',
    header: 'State',
    cell: (t) => (stateOf(t) !== 'Active' ? stateOf(t) : stateCell(t)),
    width: 7,
  },
]
