export type ServiceConfig = {
  /** Where clients reach the service, without /v2 (`https://track.example.com`): every link starts with it. */
  publicUrl: string
  rateLimitPerMinute: number
  /** Hosts or CIDR ranges a webhook may point at even though they are private (e.g. loopback for the demo). */
  webhookAllowlist: string[]
  /** The addresses deliveries leave from, as GET /webhooks/ips lists them for firewalls. */
  webhookIps: string[]
  webhookTimeoutSeconds: number
  /** A webhook whose every delivery has failed for this many hours is turned off (Standard Webhooks: 5 days). */
  webhookDisableAfterHours: number
  /** Requests a minute each embed token may make to /embed/v1; 600 unless given. */
  embedRateLimitPerMinute?: number
  /** The domain of every account's inbound address (`<account-slug>@<inboundDomain>`). */
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
