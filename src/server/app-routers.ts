import { CONTAINER_ENTITY, SHIPMENT_ENTITY, TRACKING_REQUEST_ENTITY } from './custom-fields/entities'
import type { Deps } from './deps'
import { accountRoutes } from './routes/account'
import { alertRuleRoutes } from './routes/alert-rules'
import { alertRoutes } from './routes/alerts'
import { auditEventRoutes } from './routes/audit-events'
import { chargesSummaryRoutes } from './routes/charges-summary'
import { clockRoutes } from './routes/clock'
import { containerVoyageRoutes } from './routes/container-voyage'
import { containerRoutes } from './routes/containers'
import { customFieldDefinitionRoutes } from './routes/custom-field-definitions'
import { customFieldValueRoutes } from './routes/custom-field-values'
import { entityCustomFieldRoutes } from './routes/custom-fields'
import { documentActionRoutes } from './routes/document-actions'
import type { createDownloadSigner } from './routes/document-downloads'
import { documentRoutes, emailSubmissionRoutes } from './routes/documents'
import { embedTokenRoutes } from './routes/embed-tokens'
import { handoffRoutes } from './routes/handoffs'
import { invitationRoutes } from './routes/invitations'
import { partyRoutes } from './routes/parties'
import { metroAreaRoutes, portRoutes, shippingLineRoutes, terminalRoutes } from './routes/reference-data'
import { searchRoutes } from './routes/search'
import { shipmentRoutes } from './routes/shipments'
import { trackingRequestRoutes } from './routes/tracking-requests'
import { upstreamConnectionRoutes } from './routes/upstream-connections'
import { userRoutes } from './routes/users'
import { vesselMapRoutes } from './routes/vessel-map'
import { vesselRoutes } from './routes/vessels'
import { webhookAdminRoutes } from './routes/webhook-admin'
import { webhookCatalogRoutes } from './routes/webhook-catalog'
import { webhookNotificationRoutes, webhookRoutes } from './routes/webhooks'

/** In the order they are matched. */
export function serviceRouters(
  deps: Deps,
  downloads: ReturnType<typeof createDownloadSigner>,
  forgetUser: (userId: string) => void,
) {
  return [
    entityCustomFieldRoutes(deps, SHIPMENT_ENTITY),
    entityCustomFieldRoutes(deps, CONTAINER_ENTITY),
    entityCustomFieldRoutes(deps, TRACKING_REQUEST_ENTITY),
    customFieldValueRoutes(deps),
    customFieldDefinitionRoutes(deps),
    shipmentRoutes(deps),
    containerVoyageRoutes(deps),
    containerRoutes(deps),
    trackingRequestRoutes(deps),
    partyRoutes(deps),
    accountRoutes(deps),
    searchRoutes(deps),
    chargesSummaryRoutes(deps),
    webhookCatalogRoutes(deps),
    webhookAdminRoutes(deps),
    webhookRoutes(deps),
    emailSubmissionRoutes(deps),
    documentActionRoutes(deps),
    documentRoutes(deps, downloads),
    webhookNotificationRoutes(deps),
    shippingLineRoutes(deps),
    portRoutes(deps),
    metroAreaRoutes(deps),
    terminalRoutes(deps),
    vesselMapRoutes(deps),
    vesselRoutes(deps),
    embedTokenRoutes(deps),
    handoffRoutes(deps),
    upstreamConnectionRoutes(deps),
    userRoutes(deps, forgetUser),
    invitationRoutes(deps),
    auditEventRoutes(deps),
    alertRuleRoutes(deps),
    alertRoutes(deps),
    ...(deps.clockControl ? [clockRoutes(deps, deps.clockControl)] : []),
  ]
}
