ALTER TABLE "custom_field_values" ADD COLUMN "api_slug" text NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD COLUMN "display_value" text;