import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { UpstreamConnection } from '../../../contract/upstream-connections'
import { type DataColumn, DataTable } from '../../components/data-table/data-table'
import { Time } from '../../components/time/time'
import { showToast } from '../../components/toast/toasts'
import { ReplaceKeyForm } from './connect-form'
import { connectionApi, connectionQueries } from './connection-queries'
import { connectionWords } from './connection-words'

const nameOf = (c: UpstreamConnection) => c.attributes.company_name ?? c.id
const hostOf = (url: string | null | undefined) => {
  try {
    return url ? new URL(url).host : ''
  } catch {
    return url ?? ''
  }
}

function DisconnectConfirm({ connection, onDone }: { connection: UpstreamConnection; onDone: () => void }) {
  const queryClient = useQueryClient()
  const disconnect = useMutation({
    mutationFn: () => connectionApi.disconnect(connection.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: connectionQueries.all() })
      showToast({ tone: 'done', text: `${nameOf(connection)} is disconnected; what was mirrored stays.` })
      onDone()
    },
    onError: () => showToast({ tone: 'failed', text: 'The account could not be disconnected; try again.' }),
  })
  return (
    <section className="error-panel" aria-label={`Disconnect ${nameOf(connection)}`}>
      <p>
        Disconnect {nameOf(connection)}? Mirroring stops, Quayside removes its webhook there and forgets the
        key, so the key no longer signs in here. What was mirrored stays, and connecting again with the same
        key carries on from it.
      </p>
      <div className="form-actions">
        <button type="button" disabled={disconnect.isPending} onClick={() => disconnect.mutate()}>
          {disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Keep it connected
        </button>
      </div>
    </section>
  )
}

function connectionColumns(
  canWrite: boolean,
  choose: (kind: 'replace' | 'disconnect', id: string) => void,
): DataColumn<UpstreamConnection>[] {
  return [
    {
      id: 'account',
      header: 'Account',
      cell: (c) => (
        <>
          {nameOf(c)}{' '}
          <span className="muted small">
            {hostOf(c.attributes.base_url)} · key …{c.attributes.api_key_last4 ?? '????'}
          </span>
        </>
      ),
      phone: 'title',
      width: 10,
    },
    {
      id: 'state',
      header: 'State',
      cell: (c) => {
        const words = connectionWords(c.attributes)
        return (
          <>
            <strong className={words.problem ? 'warning-text' : undefined}>{words.state}</strong>{' '}
            <span className="small">{words.text}</span>
          </>
        )
      },
      width: 18,
    },
    {
      id: 'heard',
      header: 'Last heard from',
      cell: (c) => <Time value={c.attributes.last_heard_at} fallback="Not yet" />,
      width: 8,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (c) => (
        <div className="form-actions">
          <button
            type="button"
            className="secondary"
            disabled={!canWrite}
            aria-label={`Replace the key of ${nameOf(c)}`}
            onClick={() => choose('replace', c.id)}
          >
            Replace key
          </button>
          <button
            type="button"
            className="secondary"
            disabled={!canWrite}
            aria-label={`Disconnect ${nameOf(c)}`}
            onClick={() => choose('disconnect', c.id)}
          >
            Disconnect
          </button>
        </div>
      ),
      width: 10,
    },
  ]
}

export function ConnectionsTable({ canWrite }: { canWrite: boolean }) {
  const connections = useQuery(connectionQueries.list())
  const [action, setAction] = useState<{ kind: 'replace' | 'disconnect'; id: string }>()
  const chosen = connections.data?.data.find((c) => c.id === action?.id)
  const columns = connectionColumns(canWrite, (kind, id) => setAction({ kind, id }))
  return (
    <>
      <DataTable
        label="Connected accounts"
        columns={columns}
        rows={connections.data?.data}
        rowId={(c) => c.id}
        error={connections.error}
        onRetry={() => void connections.refetch()}
        empty={{
          title: 'No accounts connected yet',
          hint: 'Connect one above with its API key: Quayside mirrors it and keeps it current.',
        }}
      />
      {chosen && action?.kind === 'replace' && (
        <ReplaceKeyForm id={chosen.id} name={nameOf(chosen)} onDone={() => setAction(undefined)} />
      )}
      {chosen && action?.kind === 'disconnect' && (
        <DisconnectConfirm connection={chosen} onDone={() => setAction(undefined)} />
      )}
    </>
  )
}
