/** The clock the service runs on; tests and the simulator move it by hand. */
export type Clock = { now: () => Date }

export const systemClock: Clock = { now: () => new Date() }

export type ServiceConfig = {
  rateLimitPerMinute: number
  /** Hosts or CIDR ranges a webhook may point at even though they are private (e.g. loopback for the demo). */
  webhookAllowlist: string[]
}

export const defaultServiceConfig: ServiceConfig = { rateLimitPerMinute: 100, webhookAllowlist: [] }
