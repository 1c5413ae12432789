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
