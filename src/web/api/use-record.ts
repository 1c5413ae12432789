import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import type { AnyResource } from '../../contract/document'
import { createIncludeGraph } from './include-graph'

type RecordDocument = { data: AnyResource; included?: AnyResource[] }

/** A record page's one read: a failure goes to the route's boundary; undefined while it loads; `document` as read, for what reads its includes itself. */
export function useRecord<D extends RecordDocument, K extends QueryKey>(
  options: UseQueryOptions<D, Error, D, K>,
) {
  const { data, error, isPending } = useQuery(options)
  if (error) throw error
  if (isPending) return undefined
  return { record: data.data as D['data'], graph: createIncludeGraph(data), document: data }
}
