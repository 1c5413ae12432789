import { sql } from 'drizzle-orm'
import type { Executor } from '../../src/server/storage/database'

/**
 * Copies of an account's shipments and containers, ids derived from the original's and the copy's number.
 * The record is made in a lateral join: `(jsonb_populate_record(…)).*` made it once for each of the table's
 * columns, so a copy of 8,000 shipments and 24,000 containers took two minutes instead of seconds.
 * Copies keep every attribute, so the mix of states is the demo's, but the n-th copy's times out and back move
 * n seconds: no two copies are alike, so each is priced alone, as real containers are.
 */
const copyShipments = (accountId: string, copies: number) => sql`
  with g as (select generate_series(1, ${copies}::int) as n)
  insert into shipments select copy.* from shipments s cross join g
  cross join lateral jsonb_populate_record(null::shipments, to_jsonb(s) || jsonb_build_object(
    'id', md5(s.id::text || g.n)::uuid, 'bill_of_lading_number', s.bill_of_lading_number || 'C' || g.n,
    'normalized_number', s.normalized_number || 'C' || g.n, 'tracking_request_id', null)) copy
  where s.account_id = ${accountId}::uuid`

const copyContainers = (accountId: string, copies: number) => sql`
  with g as (select generate_series(1, ${copies}::int) as n)
  insert into containers select copy.* from containers c cross join g
  cross join lateral jsonb_populate_record(null::containers, to_jsonb(c) || jsonb_build_object(
    'id', md5(c.id::text || g.n)::uuid, 'shipment_id', md5(c.shipment_id::text || g.n)::uuid,
    'pod_full_out_at', c.pod_full_out_at + g.n * interval '1 second',
    'final_destination_full_out_at', c.final_destination_full_out_at + g.n * interval '1 second',
    'empty_terminated_at', c.empty_terminated_at + g.n * interval '1 second',
    'empty_return_deadline', c.empty_return_deadline - g.n * interval '1 second')) copy
  where c.account_id = ${accountId}::uuid`

/**
 * `copies` copies of the account's shipments and containers in one transaction, for a throwaway database only:
 * without the tables' triggers, so the board's, inbox's and vessels' counts are not kept for the copies. They
 * are not read by what is measured on the copies (the charges summary).
 */
export const copyDemo = (db: Executor, accountId: string, copies: number) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(copyShipments(accountId, copies))
    await tx.execute(copyContainers(accountId, copies))
  })
