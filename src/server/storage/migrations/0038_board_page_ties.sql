-- Hand-written. A board tab's page is ordered by a date, then by id (issue 33). Hundreds of containers
-- share a last free day, an empty-return deadline or a vessel's ETA, and these indexes ordered only by
-- the date, so each page read and sorted all of them (arriving: 15 ms at 100,000 shipments). With the id
-- (the shipment's, for the ETA) in the index, a page reads its 25 rows.
DROP INDEX IF EXISTS "shipments_account_arriving";--> statement-breakpoint
CREATE INDEX "shipments_account_arriving" ON "shipments" USING btree ("account_id","pod_eta_at","id") WHERE "pod_ata_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "containers_account_waiting";--> statement-breakpoint
CREATE INDEX "containers_account_waiting" ON "containers" USING btree ("account_id","pickup_lfd","id") WHERE "pod_discharged_at" IS NOT NULL AND "pod_full_out_at" IS NULL AND "final_destination_full_out_at" IS NULL AND "empty_terminated_at" IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "containers_account_empty_out";--> statement-breakpoint
CREATE INDEX "containers_account_empty_out" ON "containers" USING btree ("account_id","empty_return_deadline","id") WHERE "empty_return_deadline" IS NOT NULL AND "empty_terminated_at" IS NULL;
