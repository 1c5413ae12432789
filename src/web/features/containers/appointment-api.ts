import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ContainerDocumentSchema } from '../../../contract/containers'
import { HandoffDocumentSchema } from '../../../contract/handoffs'
import { api } from '../../api/api-client'
import { containerQueries } from './container-queries'

const HANDOFF_DAYS = 7

type Patch = {
  attributes?: Record<string, string | null>
  trucker?: string | null
}

/** Appointments and the trucker in one PATCH; the page reads the container again. */
export function useContainerPatch(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ attributes = {}, trucker }: Patch) =>
      api.patch(
        '/containers',
        {
          data: {
            type: 'container',
            id,
            attributes,
            ...(trucker === undefined
              ? {}
              : { relationships: { trucker: { data: trucker ? { type: 'party', id: trucker } : null } } }),
          },
        },
        ContainerDocumentSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: containerQueries.all() }),
  })
}

/** A week: long enough for the trucker's turn, short enough that an old link dies by itself. */
export function useSendHandoff(id: string) {
  return useMutation({
    mutationFn: () =>
      api.post(
        `/containers/${id}/handoffs`,
        {
          data: {
            type: 'handoff',
            attributes: { expires_at: new Date(Date.now() + HANDOFF_DAYS * 86_400_000).toISOString() },
          },
        },
        HandoffDocumentSchema,
      ),
  })
}
