export type ServiceConfig = {
  publicUrl: string
  rateLimitPerMinute: number
  webhookAllowlist: string[]
  webhookIps: string[]
  webhookTimeoutSeconds: number
  /** Standard Webhooks: 5 days. */
  webhookDisableAfterHours: number
  embedRateLimitPerMinute?: number
  inboundDomain: string
  /** Seals an alert rule's chat webhook URL as upstream keys are sealed; without it no chat URL is kept. */
  secretKey?: string
}

export const defaultServiceConfig: ServiceConfig = {
  publicUrl: 'http://127.0.0.1:3000',
  rateLimitPerMinute: 100,
  webhookAllowlist: [],
  webhookIps: [],
  webhookTimeoutSeconds: 10,
  webhookDisableAfterHours: 120,
  inboundDomain: 'quayside.localhost',
}
