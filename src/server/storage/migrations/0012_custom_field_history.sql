CREATE TABLE "custom_field_value_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"value_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"action" text NOT NULL,
	"value" jsonb,
	"display_value" text,
	"previous_value" jsonb,
	"previous_display_value" text,
	"changed_by_key_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_field_value_changes" ADD CONSTRAINT "custom_field_value_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_value_changes" ADD CONSTRAINT "custom_field_value_changes_definition_id_custom_field_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."custom_field_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_value_changes" ADD CONSTRAINT "custom_field_value_changes_changed_by_key_id_api_keys_id_fk" FOREIGN KEY ("changed_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_field_value_changes_value" ON "custom_field_value_changes" USING btree ("account_id","value_id","changed_at");--> statement-breakpoint
CREATE INDEX "custom_field_values_by_value" ON "custom_field_values" USING btree ("definition_id","value","entity_id");