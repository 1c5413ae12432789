import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { ContainerBoardDocumentSchema } from '../../../contract/container-board'
import { api } from '../../api/api-client'

export const PICKUP_DAYS = ['today', 'tomorrow', 'both'] as const
export type PickupDay = (typeof PICKUP_DAYS)[number]

export type PickupParams = { day: PickupDay; descending: boolean; page: number; size: number }

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * Wide enough for every port's today and tomorrow (UTC-12 to UTC+14); each row is then kept or not by its
 * own port's calendar.
 */
function windowOf(now: Date) {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return {
    from: new Date(midnight - DAY - 14 * HOUR).toISOString(),
    to: new Date(midnight + 2 * DAY + 14 * HOUR).toISOString(),
  }
}

export const pickupQueries = {
  all: () => ['containers', 'pickups'] as const,
  list: (params: PickupParams, now: Date) =>
    queryOptions({
      queryKey: [...pickupQueries.all(), params, windowOf(now).from],
      queryFn: ({ signal }) => {
        const window = windowOf(now)
        return api.get('/containers', ContainerBoardDocumentSchema, {
          include: ['pod_terminal', 'trucker', 'shipment'],
          params: {
            'filter[appointment][gte]': window.from,
            'filter[appointment][lte]': window.to,
            sort: params.descending ? '-appointment' : 'appointment',
            'page[number]': params.page,
            'page[size]': params.size,
          },
          signal,
        })
      },
      placeholderData: keepPreviousData,
      refetchInterval: 60_000,
    }),
}
