import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Container } from '../../../contract/containers'
import type { Shipment } from '../../../contract/shipments'
import { showToast } from '../../components/toast/toasts'
import { documentApi, documentQueries } from './document-queries'

export type Links = { shipments: Shipment[]; containers: Container[] }
export type LinkKind = 'shipments' | 'containers'

/** The document's whole set of links is saved at once with PATCH. */
export function useLinkChanges(documentId: string, links: Links) {
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: (next: { shipments: string[]; containers: string[] }) =>
      documentApi.patch(documentId, {
        data: {
          type: 'document',
          id: documentId,
          relationships: {
            shipments: { data: next.shipments.map((id) => ({ type: 'shipment', id })) },
            cargos: { data: next.containers.map((id) => ({ type: 'container', id })) },
          },
        },
      }),
    onSuccess: async (_, next) => {
      showToast({
        tone: 'done',
        text: `Links saved: ${next.shipments.length} shipments, ${next.containers.length} containers.`,
      })
      await queryClient.invalidateQueries({ queryKey: documentQueries.detail(documentId).queryKey })
      void queryClient.invalidateQueries({ queryKey: [...documentQueries.all(), 'linked'] })
    },
    onError: (error) => showToast({ tone: 'failed', text: `The links were not saved: ${error.message}` }),
  })
  const current = {
    shipments: links.shipments.map((s) => s.id),
    containers: links.containers.map((c) => c.id),
  }
  const change = (kind: LinkKind, id: string, add: boolean) =>
    save.mutate({
      ...current,
      [kind]: add ? [...new Set([...current[kind], id])] : current[kind].filter((x) => x !== id),
    })
  const isLinked = (kind: LinkKind, id: string) => current[kind].includes(id)
  return { change, isLinked, isPending: save.isPending }
}

export type LinkControls = {
  disabled: boolean
  canWrite: boolean
  change: (kind: LinkKind, id: string, add: boolean) => void
  isLinked: (kind: LinkKind, id: string) => boolean
}
