ALTER TABLE "shipments" ADD COLUMN "sailing_vessel_id" uuid;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "sailing_leg" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_sailing_vessel_id_vessels_id_fk" FOREIGN KEY ("sailing_vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_account_sailing" ON "shipments" USING btree ("account_id","sailing_vessel_id") WHERE "shipments"."sailing_vessel_id" is not null;