import './alerts.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import type { AlertRule } from '../../../contract/alerts'
import { referenceQueries } from '../../api/reference-queries'
import { useWriteAccess } from '../../components/access/write-access'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { Time } from '../../components/time/time'
import { DeleteRule, RuleToggle } from './alert-rule-actions'
import { AlertRuleForm } from './alert-rule-form'
import { alertRuleQueries } from './alert-rule-queries'
import { CHANNEL_WORDS, conditionWords, deliveryWords, repeatWords, scopeWords } from './alert-words'

type Names = Parameters<typeof scopeWords>[1]

function columns(names: Names, canWrite: boolean, edit: (id: string) => void): DataColumn<AlertRule>[] {
  const all: DataColumn<AlertRule>[] = [
    {
      id: 'name',
      header: 'Rule',
      phone: 'title',
      width: 14,
      cell: (rule) => (
        <>
          <strong>{rule.attributes.name}</strong>
          {rule.attributes.enabled === false ? <span className="badge alert-off">Off</span> : null}
        </>
      ),
    },
    {
      id: 'condition',
      header: 'When',
      width: 16,
      cell: (rule) => (
        <>
          <div>{conditionWords(rule.attributes.condition)}</div>
          <div className="small muted">{repeatWords(rule.attributes.repeat_interval_hours)}</div>
        </>
      ),
    },
    { id: 'scope', header: 'For', cell: (rule) => scopeWords(rule.attributes.scope, names) },
    {
      id: 'channels',
      header: 'How',
      cell: (rule) => (
        <ul className="alert-channels">
          {(rule.attributes.channels ?? []).map((channel) => (
            <li key={channel}>
              <span aria-hidden="true">{CHANNEL_WORDS[channel]?.icon ?? '•'}</span>{' '}
              {CHANNEL_WORDS[channel]?.label ?? channel}
            </li>
          ))}
        </ul>
      ),
    },
    { id: 'delivery', header: 'Delivery', width: 12, cell: (rule) => deliveryWords(rule.attributes) },
    {
      id: 'fired',
      header: 'Last fired',
      cell: (rule) => <Time value={rule.attributes.last_fired_at} fallback="Never" />,
    },
  ]
  if (!canWrite) return all
  const actions: DataColumn<AlertRule> = {
    id: 'actions',
    header: 'Actions',
    width: 12,
    cell: (rule) => (
      <div className="alert-rule-actions">
        <RuleToggle rule={rule} />
        <button type="button" className="link-button" onClick={() => edit(rule.id)}>
          Edit<span className="visually-hidden"> {rule.attributes.name}</span>
        </button>
        <DeleteRule rule={rule} />
      </div>
    ),
  }
  return [...all, actions]
}

function useNames(rules: AlertRule[] | undefined): Names {
  const wanted = (kind: string) => rules?.some((r) => r.attributes.scope.kind === kind) ?? false
  const customers = useQuery({ ...referenceQueries.customers(), enabled: wanted('customer') })
  const terminals = useQuery({ ...alertRuleQueries.terminals(), enabled: wanted('terminal') })
  return {
    customer: (id) => customers.data?.data.find((p) => p.id === id)?.attributes.company_name ?? undefined,
    terminal: (id) => terminals.data?.find((t) => t.id === id)?.name,
  }
}

export function AlertRulesPage() {
  const { canWrite, reason, role } = useWriteAccess('operator')
  const [search, setSearch] = useSearchParams()
  const editing = search.get('rule')
  const list = useQuery({ ...alertRuleQueries.list(), enabled: role !== 'customer' })
  const names = useNames(list.data?.data)
  const open = (id: string | undefined) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      if (id) next.set('rule', id)
      else next.delete('rule')
      return next
    })
  if (role === 'customer')
    return (
      <section aria-labelledby="alert-rules-title">
        <h1 id="alert-rules-title">Alert rules</h1>
        <p className="read-only-notice" role="note">
          Alert rules are kept by the account's team. Your alerts are under the bell and in{' '}
          <Link to="/alerts">Alerts</Link>.
        </p>
      </section>
    )
  const rule = editing && editing !== 'new' ? list.data?.data.find((r) => r.id === editing) : undefined
  return (
    <section aria-labelledby="alert-rules-title" className="alert-rules-page">
      <div className="title-bar">
        <h1 id="alert-rules-title">Alert rules</h1>
        <div className="form-actions">
          <Link to="/alerts">Alerts</Link>
          {canWrite && !editing ? (
            <button type="button" onClick={() => open('new')}>
              New alert rule
            </button>
          ) : null}
        </div>
      </div>
      {canWrite ? null : (
        <p className="read-only-notice" role="note">
          Creating and changing alert rules is not available: {reason}. You can still read them.
        </p>
      )}
      {canWrite && editing && (editing === 'new' || rule) ? (
        <section aria-labelledby="alert-rule-editor-title">
          <h2 id="alert-rule-editor-title">{rule ? `Edit ${rule.attributes.name}` : 'New alert rule'}</h2>
          <AlertRuleForm
            key={editing}
            rule={rule}
            onSaved={() => open(undefined)}
            onCancel={() => open(undefined)}
          />
        </section>
      ) : null}
      <DataTable
        label="Alert rules"
        columns={columns(names, canWrite, open)}
        rows={list.data?.data}
        rowId={(r) => r.id}
        busy={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={{
          title: 'No alert rules yet',
          hint: 'No alert rules yet: create one to be told before you look.',
        }}
      />
    </section>
  )
}
