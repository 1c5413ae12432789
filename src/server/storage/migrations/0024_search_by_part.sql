CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_numbers_text(numbers text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(numbers, ' ') $$;--> statement-breakpoint
CREATE INDEX "shipments_search_numbers_trgm" ON "shipments" USING gin (search_numbers_text("search_numbers") gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "shipments_pod_vessel_name_trgm" ON "shipments" USING gin ("pod_vessel_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "containers_number_trgm" ON "containers" USING gin ("number" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "parties_company_name_trgm" ON "parties" USING gin ("company_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);
--> statement-breakpoint
CREATE INDEX "shipments_customer" ON "shipments" USING btree ("customer_id");
