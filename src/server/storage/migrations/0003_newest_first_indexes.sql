DROP INDEX "containers_account_created";--> statement-breakpoint
DROP INDEX "shipments_account_created";--> statement-breakpoint
CREATE INDEX "containers_account_created" ON "containers" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shipments_account_created" ON "shipments" USING btree ("account_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);