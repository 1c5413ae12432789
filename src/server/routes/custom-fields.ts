import {
  CustomFieldDocumentSchema,
  CustomFieldListDocumentSchema,
  CustomFieldPatchSchema,
  CustomFieldUpsertSchema,
} from '../../contract/custom-fields'
import type { CustomFieldEntity } from '../custom-fields/entities'
import { definitionForSlug, removeCustomFieldValue, writeValueBySlug } from '../custom-fields/write-value'
import type { Deps } from '../deps'
import { entityTag } from '../http/if-match'
import { pageOf, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { notFound } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { type Operation, route, routes } from '../http/route'
import { auditActor } from './audit-actor'
import { respondWithOne, respondWithPage } from './respond-with'

type Storage = Deps['storage']

const entityFinder =
  (storage: Storage, entity: CustomFieldEntity) =>
  async (c: { req: { param: (name: string) => string | undefined } }, accountId: string) => {
    const id = c.req.param(entity.param) ?? ''
    if (!(await entity.exists(storage, accountId, requireUuid(id, entity.name))))
      throw notFound(entity.name, id)
    return id
  }

const entityFieldCollection = (storage: Storage, entity: CustomFieldEntity): Operation[] => {
  const findEntity = entityFinder(storage, entity)
  return [
    route(
      {
        method: 'get',
        path: entity.path,
        summary: `A ${entity.name}'s custom fields`,
        query: { ...pageQuery(25), ...includeQuery },
        response: CustomFieldListDocumentSchema,
      },
      async (c, { query }) => {
        const entityId = await findEntity(c, c.var.caller.accountId)
        const page = pageOf(query)
        const result = await storage.customFields.listValues(c.var.caller.accountId, { entityId }, page)
        return respondWithPage(c, storage, 'custom_field', result, page)
      },
    ),
    route(
      {
        method: 'post',
        path: entity.path,
        summary: `Set a ${entity.name} custom field: created, or updated when it has one`,
        query: includeQuery,
        body: CustomFieldUpsertSchema,
        response: CustomFieldDocumentSchema,
        status: 201,
      },
      async (c, { body: { data } }) => {
        const entityId = await findEntity(c, c.var.caller.accountId)
        const row = await writeValueBySlug(
          storage,
          { ...c.var.caller, actor: auditActor(c) },
          { entity, entityId },
          { apiSlug: data.attributes.api_slug, from: 'body' },
          data.attributes.value,
        )
        return respondWithOne(c, storage, 'custom_field', row, { status: 201 })
      },
    ),
  ]
}

const entityFieldBySlug = (storage: Storage, entity: CustomFieldEntity): Operation[] => {
  const findEntity = entityFinder(storage, entity)
  return [
    route(
      {
        method: 'patch',
        path: `${entity.path}/:api_slug`,
        summary: `Update a ${entity.name} custom field`,
        query: includeQuery,
        description:
          'Send `If-Match` with the version read (its `version` attribute, or the `ETag` of an earlier write) to refuse the change with 412 when someone has written the value since.',
        body: CustomFieldPatchSchema,
        response: CustomFieldDocumentSchema,
        idParam: false,
        ifMatch: true,
      },
      async (c, { body: { data }, ifMatch }) => {
        const entityId = await findEntity(c, c.var.caller.accountId)
        const row = await writeValueBySlug(
          storage,
          { ...c.var.caller, actor: auditActor(c) },
          { entity, entityId },
          { apiSlug: c.req.param('api_slug'), from: 'path' },
          data.attributes.value,
          ifMatch,
        )
        c.header('ETag', entityTag(row.version))
        return respondWithOne(c, storage, 'custom_field', row)
      },
    ),
    route(
      {
        method: 'delete',
        path: `${entity.path}/:api_slug`,
        summary: `Remove a ${entity.name} custom field`,
        response: 'empty',
      },
      async (c) => {
        const accountId = c.var.caller.accountId
        const entityId = await findEntity(c, accountId)
        const definition = await definitionForSlug(
          storage,
          accountId,
          entity,
          c.req.param('api_slug'),
          'path',
        )
        const by = { keyId: c.var.caller.keyId, actor: auditActor(c) }
        if (!(await removeCustomFieldValue(storage, accountId, { entity, entityId }, definition, by)))
          throw notFound(`${entity.name} custom field`, definition.api_slug)
        return c.body(null, 204)
      },
    ),
  ]
}

export const entityCustomFieldRoutes = ({ storage }: Deps, entity: CustomFieldEntity) =>
  routes(...entityFieldCollection(storage, entity), ...entityFieldBySlug(storage, entity))
