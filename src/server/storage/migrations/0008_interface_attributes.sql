ALTER TABLE "tracking_requests" ALTER COLUMN "scac" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD COLUMN "validation" jsonb;--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD COLUMN "default_format" text;--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD COLUMN "default_value" jsonb;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "raw_events" ADD COLUMN "invalidated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "raw_events" ADD COLUMN "data_source" text DEFAULT 'shipping_line' NOT NULL;--> statement-breakpoint
ALTER TABLE "raw_events" ADD COLUMN "data_provider_name" text;--> statement-breakpoint
ALTER TABLE "raw_events" ADD COLUMN "data_provider_code" text;--> statement-breakpoint
ALTER TABLE "shipping_lines" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "shipping_lines" ADD COLUMN "contact_url" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "bic_facility_code" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD COLUMN "initial_custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "transport_events" ADD COLUMN "invalidated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD CONSTRAINT "tracking_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_file_sha256" ON "documents" USING btree ("account_id","file_sha256");--> statement-breakpoint
-- hand-written data fills for rows stored before these columns and rules
-- a shipment a person stopped says so as the reference spells it
UPDATE "shipments" SET "line_tracking_stopped_reason" = 'cancelled_by_user' WHERE "line_tracking_stopped_reason" = 'user';--> statement-breakpoint
-- a container's raw events are numbered 0..n-1 without gaps (events not in the carrier's feed left holes)
UPDATE "raw_events" SET "index" = "numbered"."position"
FROM (SELECT "id", (row_number() OVER (PARTITION BY "container_id" ORDER BY "index") - 1)::integer AS "position" FROM "raw_events") AS "numbered"
WHERE "numbered"."id" = "raw_events"."id" AND "raw_events"."index" <> "numbered"."position";--> statement-breakpoint
UPDATE "raw_events" SET "data_provider_name" = "shipments"."shipping_line_short_name", "data_provider_code" = "shipments"."shipping_line_scac"
FROM "containers" JOIN "shipments" ON "shipments"."id" = "containers"."shipment_id"
WHERE "containers"."id" = "raw_events"."container_id";--> statement-breakpoint
UPDATE "documents" SET "file_sha256" = encode(sha256("file_bytes"), 'hex') WHERE "file_sha256" IS NULL;--> statement-breakpoint
-- terminals: the state and country by name, and what is known of Virginia International Gateway
UPDATE "terminals" SET "state" = CASE "state_abbr" WHEN 'AL' THEN 'Alabama' WHEN 'CA' THEN 'California' WHEN 'FL' THEN 'Florida' WHEN 'GA' THEN 'Georgia' WHEN 'LA' THEN 'Louisiana' WHEN 'MA' THEN 'Massachusetts' WHEN 'MD' THEN 'Maryland' WHEN 'NJ' THEN 'New Jersey' WHEN 'NY' THEN 'New York' WHEN 'PA' THEN 'Pennsylvania' WHEN 'SC' THEN 'South Carolina' WHEN 'TX' THEN 'Texas' WHEN 'VA' THEN 'Virginia' WHEN 'WA' THEN 'Washington' ELSE "state" END WHERE "state" = "state_abbr";--> statement-breakpoint
UPDATE "terminals" SET "country" = 'United States' WHERE "country" = 'US';--> statement-breakpoint
UPDATE "terminals" SET "smdg_code" = 'VIG', "bic_facility_code" = 'USORFUNYS', "street" = '1000 Virginia International Gateway Blvd', "city" = 'Portsmouth', "zip" = '23703-2361' WHERE "firms_code" = 'N195';
