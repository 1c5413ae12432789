-- Hand-written. The empty-due page read its order from `containers_account_empty_out` starting 26 hours
-- before now, since today may have begun that long ago somewhere, and fetched every empty in those hours
-- from the heap only to find it overdue in its own zone: 845 buffers a page at 100,000 shipments. When the
-- deadline's day ends where the container was picked up is now the last key of that index, so the page
-- passes over the overdue ones inside the index.
-- Immutable, so an index may hold it: the zone is the row's own, never the session's, and the body stays
-- inlinable. A zone's rules changing under an upgrade of the time zone data can move a kept value by the
-- change; the board's condition leaves three hours of room and its day arithmetic still decides.
CREATE FUNCTION "empty_day_ends"(deadline timestamptz, zone text) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (((deadline AT TIME ZONE coalesce(zone, 'UTC'))::date + 1)::timestamp) AT TIME ZONE coalesce(zone, 'UTC')
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS "containers_account_empty_out";
--> statement-breakpoint
CREATE INDEX "containers_account_empty_out" ON "containers" USING btree ("account_id","empty_return_deadline","id",(empty_day_ends("empty_return_deadline","empty_return_zone"))) WHERE "empty_return_deadline" IS NOT NULL AND "empty_terminated_at" IS NULL;
