import { SERVICE_TIME_HEADER, serviceOffsetMs } from '../../contract/service-time'

let offsetMs = 0

/** Called on each answer; a server that does not say (a plain Terminal49) leaves the browser's clock. */
export function noteServiceTime(response: Response) {
  const offset = serviceOffsetMs(response.headers.get(SERVICE_TIME_HEADER), Date.now())
  if (offset !== undefined) offsetMs = offset
}

/** "Now" for every state shown: the service's, so the dashboard and the board it counted agree. */
export const serviceNow = () => new Date(Date.now() + offsetMs)
