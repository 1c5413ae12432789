ALTER TABLE "custom_field_values" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "extraction_leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;