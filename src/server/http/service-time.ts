import type { MiddlewareHandler } from 'hono'
import { SERVICE_TIME_HEADER } from '../../contract/service-time'
import type { Clock } from '../clock'

/** Set on the way out, so an answer from the response cache carries the time it is given, not the time it was made. */
export const stampServiceTime =
  (clock: Clock): MiddlewareHandler =>
  async (c, next) => {
    await next()
    c.res.headers.set(SERVICE_TIME_HEADER, clock.now().toISOString())
  }
