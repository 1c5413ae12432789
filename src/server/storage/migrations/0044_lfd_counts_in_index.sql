-- Hand-written. A last free day the terminal has not confirmed for six hours does not count on the board
-- (`lfd_confirmed_until`, 0032). The available and LFD-soon pages read their order from an index and fetched
-- every unconfirmed container from the heap only to pass over it: after a server had stood still for a few
-- hours, 1,100 buffers a page at 100,000 shipments. When a container's last free day stops counting is now
-- the last key of those indexes, so a page passes over the unconfirmed ones inside the index.
-- Immutable, so an index may hold it: the hours are added in UTC, where a day is always 24 of them, and the
-- body stays inlinable, so a condition that no index serves costs no function call per row.
CREATE FUNCTION "lfd_counts_until"(lfd timestamptz, checked_at timestamptz, source text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lfd IS NULL OR checked_at IS NULL OR coalesce(source IN ('person', 'document'), false)
    THEN 'infinity'::timestamptz ELSE ((checked_at AT TIME ZONE 'UTC') + interval '6 hours') AT TIME ZONE 'UTC' END
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS "containers_account_waiting";
--> statement-breakpoint
CREATE INDEX "containers_account_waiting" ON "containers" USING btree ("account_id","pickup_lfd","id",(lfd_counts_until("pickup_lfd","pickup_lfd_checked_at","pickup_lfd_source"))) WHERE "pod_discharged_at" IS NOT NULL AND "pod_full_out_at" IS NULL AND "final_destination_full_out_at" IS NULL AND "empty_terminated_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "containers_account_available";
--> statement-breakpoint
CREATE INDEX "containers_account_available" ON "containers" USING btree ("account_id",(coalesce("pickup_lfd", 'infinity'::timestamptz)),"id",(lfd_counts_until("pickup_lfd","pickup_lfd_checked_at","pickup_lfd_source"))) WHERE "pod_discharged_at" IS NOT NULL AND "pod_full_out_at" IS NULL AND "final_destination_full_out_at" IS NULL AND "empty_terminated_at" IS NULL AND "available_for_pickup";
