import { queryOptions } from '@tanstack/react-query'
import {
  CustomFieldChangeListDocumentSchema,
  CustomFieldDefinitionDocumentSchema,
  CustomFieldDefinitionListDocumentSchema,
  CustomFieldDocumentSchema,
  CustomFieldListDocumentSchema,
  CustomFieldOptionDocumentSchema,
} from '../../../contract/custom-fields'
import { api } from '../../api/api-client'

export type FieldEntity = { path: 'shipments' | 'containers'; definitionType: 'Shipment' | 'Container' }

export const customFieldQueries = {
  all: () => ['custom-fields'] as const,
  /** An account has tens, not thousands. */
  definitions: () =>
    queryOptions({
      queryKey: [...customFieldQueries.all(), 'definitions'],
      queryFn: ({ signal }) =>
        api.get('/custom_field_definitions', CustomFieldDefinitionListDocumentSchema, {
          include: ['options'],
          params: { 'page[size]': 100 },
          signal,
        }),
    }),
  values: (entity: FieldEntity, id: string) =>
    queryOptions({
      queryKey: [...customFieldQueries.all(), 'values', entity.path, id],
      queryFn: ({ signal }) =>
        api.get(`/${entity.path}/${id}/custom_fields`, CustomFieldListDocumentSchema, {
          params: { 'page[size]': 100 },
          signal,
        }),
    }),
  history: (valueId: string) =>
    queryOptions({
      queryKey: [...customFieldQueries.all(), 'history', valueId],
      queryFn: ({ signal }) =>
        api.get(`/custom_fields/${valueId}/history`, CustomFieldChangeListDocumentSchema, {
          params: { 'page[size]': 5 },
          signal,
        }),
      staleTime: 30_000,
    }),
}

type DefinitionAttributes = Record<string, unknown>

export const customFieldApi = {
  createDefinition: (attributes: DefinitionAttributes) =>
    api.post(
      '/custom_field_definitions',
      { data: { type: 'custom_field_definition', attributes } },
      CustomFieldDefinitionDocumentSchema,
    ),
  updateDefinition: (id: string, attributes: DefinitionAttributes) =>
    api.patch(
      `/custom_field_definitions/${id}`,
      { data: { type: 'custom_field_definition', id, attributes } },
      CustomFieldDefinitionDocumentSchema,
    ),
  deleteDefinition: (id: string) => api.delete(`/custom_field_definitions/${id}`),
  addOption: (definitionId: string, attributes: { label: string; value: string }) =>
    api.post(
      `/custom_field_definitions/${definitionId}/options`,
      { data: { type: 'custom_field_option', attributes } },
      CustomFieldOptionDocumentSchema,
    ),
  updateOption: (definitionId: string, id: string, attributes: { label?: string; position?: number }) =>
    api.patch(
      `/custom_field_definitions/${definitionId}/options/${id}`,
      { data: { type: 'custom_field_option', id, attributes } },
      CustomFieldOptionDocumentSchema,
    ),
  deleteOption: (definitionId: string, id: string) =>
    api.delete(`/custom_field_definitions/${definitionId}/options/${id}`),
  /** Changed from the `version` read, so another's change is never overwritten. */
  setValue: (entity: FieldEntity, id: string, apiSlug: string, value: unknown, version?: number) =>
    version === undefined
      ? api.post(
          `/${entity.path}/${id}/custom_fields`,
          { data: { type: 'custom_field', attributes: { api_slug: apiSlug, value } } },
          CustomFieldDocumentSchema,
        )
      : api.patch(
          `/${entity.path}/${id}/custom_fields/${apiSlug}`,
          { data: { type: 'custom_field', attributes: { value } } },
          CustomFieldDocumentSchema,
          { ifMatch: version },
        ),
  removeValue: (entity: FieldEntity, id: string, apiSlug: string) =>
    api.delete(`/${entity.path}/${id}/custom_fields/${apiSlug}`),
}
