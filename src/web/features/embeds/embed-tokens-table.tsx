import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EmbedToken } from '../../../contract/embed-tokens'
import { DataTable } from '../../components/data-table/data-table'
import { showToast } from '../../components/toast/toasts'
import { embedTokenApi, embedTokenQueries } from './embed-queries'
import { embedTokenColumns } from './embed-token-columns'

function useRevokeToken(onRevoked: (id: string) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: EmbedToken) => embedTokenApi.revoke(token.id),
    onSuccess: (_, token) => {
      void queryClient.invalidateQueries({ queryKey: embedTokenQueries.all() })
      showToast({ tone: 'done', text: `“${token.attributes.name}” is revoked; pages using it stop at once.` })
      onRevoked(token.id)
    },
    onError: () => showToast({ tone: 'failed', text: 'The token could not be revoked; try again.' }),
  })
}

/** Revoking stops it at once. */
export function EmbedTokensTable({
  canWrite,
  onRevoked,
}: {
  canWrite: boolean
  onRevoked: (id: string) => void
}) {
  const tokens = useQuery(embedTokenQueries.list())
  const revoke = useRevokeToken(onRevoked)
  const columns = embedTokenColumns((t) => (
    <button
      type="button"
      disabled={!canWrite || revoke.isPending}
      aria-label={`Revoke ${t.attributes.name} (active)`}
      onClick={() => revoke.mutate(t)}
    >
      Revoke
    </button>
  ))
  return (
    <DataTable
      label="Embed tokens"
      columns={columns}
      rows={tokens.data?.data}
      rowId={(t) => t.id}
      error={tokens.error}
      onRetry={() => void tokens.refetch()}
      empty={{ title: 'No embed tokens yet', hint: 'Create one above to put tracking on a customer’s site.' }}
    />
  )
}
