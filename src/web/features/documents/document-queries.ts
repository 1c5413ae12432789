import { queryOptions } from '@tanstack/react-query'
import { DocumentActionResultSchema } from '../../../contract/document-types'
import { DocumentDocumentSchema, type DocumentPatch } from '../../../contract/documents'
import { api } from '../../api/api-client'

const READING = new Set(['pending', 'running'])

export const documentQueries = {
  all: () => ['documents'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...documentQueries.all(), 'detail', id],
      queryFn: ({ signal }) =>
        api.get(`/documents/${id}`, DocumentDocumentSchema, {
          include: ['last_document_representation', 'shipments', 'cargos', 'email_submission'],
          signal,
        }),
      refetchInterval: (query) =>
        READING.has(query.state.data?.data.attributes.extraction_status ?? '') ? 1500 : false,
    }),
  file: (id: string) =>
    queryOptions({
      queryKey: [...documentQueries.all(), 'file', id],
      queryFn: ({ signal }) => api.bytes(`/documents/${id}/download`, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 60_000,
    }),
}

export type DocumentAction = 'reextract' | 'reclassify' | 'relink'

export const documentApi = {
  act: (id: string, action: DocumentAction) =>
    api.post(`/documents/${id}/${action}`, undefined, DocumentActionResultSchema),
  patch: (id: string, body: DocumentPatch) =>
    api.patch(`/documents/${id}`, body, DocumentDocumentSchema, {
      include: ['last_document_representation', 'shipments', 'cargos', 'email_submission'],
    }),
}
