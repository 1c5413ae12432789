-- Hand-written. The board's available tab read its page from the waiting containers by last free day and
-- passed over every overdue and held one before today's (1,900 buffers, 10 ms a page at 100,000 shipments).
-- Available ones have an index of their own, where no last free day orders as never, so the tab's page
-- starts at today and ends with those that have none.
CREATE INDEX IF NOT EXISTS "containers_account_available" ON "containers" USING btree ("account_id",(coalesce("pickup_lfd", 'infinity'::timestamptz)),"id") WHERE "pod_discharged_at" IS NOT NULL AND "pod_full_out_at" IS NULL AND "final_destination_full_out_at" IS NULL AND "empty_terminated_at" IS NULL AND "available_for_pickup";
