DROP INDEX "shipments_search_numbers";--> statement-breakpoint
CREATE INDEX "shipments_search_numbers" ON "shipments" USING gin ("search_numbers") WITH (fastupdate=false);