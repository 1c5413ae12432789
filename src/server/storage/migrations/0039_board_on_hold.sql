-- Hand-written. The board's on-hold tab read its page from the waiting containers by last free day and
-- skipped the many not held (2,700 rows, 3 ms at 100,000 shipments); held ones have an index of their own.
CREATE INDEX IF NOT EXISTS "containers_account_on_hold" ON "containers" USING btree ("account_id","pickup_lfd","id") WHERE "pod_discharged_at" IS NOT NULL AND "pod_full_out_at" IS NULL AND "final_destination_full_out_at" IS NULL AND "empty_terminated_at" IS NULL AND jsonb_array_length("holds_at_pod_terminal") > 0 AND NOT "available_for_pickup";
