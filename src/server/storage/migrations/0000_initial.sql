CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"pod_terminal_id" uuid,
	"pickup_facility_id" uuid,
	"number" text NOT NULL,
	"seal_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ref_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"current_status" text DEFAULT 'new' NOT NULL,
	"empty_out_at" timestamp with time zone,
	"pol_full_in_at" timestamp with time zone,
	"pol_vessel_loaded_at" timestamp with time zone,
	"pol_vessel_departed_at" timestamp with time zone,
	"pod_arrived_at" timestamp with time zone,
	"pod_discharged_at" timestamp with time zone,
	"final_destination_full_out_at" timestamp with time zone,
	"pod_full_out_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"empty_terminated_at" timestamp with time zone,
	"terminal_checked_at" timestamp with time zone,
	"holds_at_pod_terminal" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fees_at_pod_terminal" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"available_for_pickup" boolean DEFAULT false NOT NULL,
	"availability_known" boolean DEFAULT false NOT NULL,
	"equipment_type" text,
	"equipment_length" integer,
	"equipment_height" text,
	"weight_in_lbs" integer,
	"pickup_lfd" timestamp with time zone,
	"pickup_appointment_at" timestamp with time zone,
	"pod_full_out_chassis_number" text,
	"location_at_pod_terminal" text,
	"pod_last_tracking_request_at" timestamp with time zone,
	"shipment_last_tracking_request_at" timestamp with time zone,
	"rail_last_tracking_request_at" timestamp with time zone,
	"pod_timezone" text,
	"final_destination_timezone" text,
	"empty_terminated_timezone" text,
	"pod_rail_carrier_scac" text,
	"ind_rail_carrier_scac" text,
	"pod_rail_loaded_at" timestamp with time zone,
	"pod_rail_departed_at" timestamp with time zone,
	"ind_eta_at" timestamp with time zone,
	"ind_ata_at" timestamp with time zone,
	"ind_rail_unloaded_at" timestamp with time zone,
	"ind_facility_lfd_on" date,
	"import_deadlines" jsonb
);
--> statement-breakpoint
CREATE TABLE "custom_field_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"api_slug" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"data_type" text NOT NULL,
	"reference_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_field_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"value" jsonb,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_links" (
	"document_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	CONSTRAINT "document_links_document_id_entity_type_entity_id_pk" PRIMARY KEY("document_id","entity_type","entity_id")
);
--> statement-breakpoint
CREATE TABLE "document_representations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"schema_version" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"email_submission_id" uuid,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"document_type" text,
	"document_type_manual" text,
	"classification_notes" text,
	"file_name" text NOT NULL,
	"file_content_type" text NOT NULL,
	"file_size_bytes" integer NOT NULL,
	"file_bytes" "bytea" NOT NULL,
	"discarded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"body" text,
	"from" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"message_id" text,
	"in_reply_to" text,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state_abbr" text,
	"country_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"inland" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ports_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "raw_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"container_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"event" text,
	"original_event" text NOT NULL,
	"timestamp" timestamp with time zone,
	"estimated" boolean DEFAULT false NOT NULL,
	"actual_on" date,
	"estimated_on" date,
	"actual_at" timestamp with time zone,
	"estimated_at" timestamp with time zone,
	"timezone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"location_name" text,
	"location_locode" text,
	"vessel_name" text,
	"vessel_imo" text,
	"voyage_number" text,
	"location_id" uuid,
	"vessel_id" uuid
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"tracking_request_id" uuid,
	"customer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ref_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"bill_of_lading_number" text NOT NULL,
	"normalized_number" text NOT NULL,
	"shipping_line_scac" text NOT NULL,
	"shipping_line_name" text,
	"shipping_line_short_name" text,
	"customer_name" text,
	"port_of_lading_id" uuid,
	"port_of_lading_locode" text,
	"port_of_lading_name" text,
	"port_of_discharge_id" uuid,
	"port_of_discharge_locode" text,
	"port_of_discharge_name" text,
	"pod_terminal_id" uuid,
	"transshipment_locode" text,
	"destination_id" uuid,
	"destination_terminal_id" uuid,
	"destination_locode" text,
	"destination_name" text,
	"destination_timezone" text,
	"destination_ata_at" timestamp with time zone,
	"destination_eta_at" timestamp with time zone,
	"pod_vessel_id" uuid,
	"pod_vessel_name" text,
	"pod_vessel_imo" text,
	"pod_voyage_number" text,
	"pol_etd_at" timestamp with time zone,
	"pol_atd_at" timestamp with time zone,
	"pol_timezone" text,
	"pod_timezone" text,
	"pod_eta_at" timestamp with time zone,
	"pod_original_eta_at" timestamp with time zone,
	"pod_ata_at" timestamp with time zone,
	"line_tracking_last_attempted_at" timestamp with time zone,
	"line_tracking_last_succeeded_at" timestamp with time zone,
	"line_tracking_stopped_at" timestamp with time zone,
	"line_tracking_stopped_reason" text,
	"voyage" jsonb
);
--> statement-breakpoint
CREATE TABLE "shipping_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scac" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"bill_of_lading_prefix" text,
	"alternative_scacs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "shipping_lines_scac_unique" UNIQUE("scac")
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"port_id" uuid NOT NULL,
	"name" text NOT NULL,
	"nickname" text,
	"firms_code" text,
	"smdg_code" text,
	"city" text,
	"state" text,
	"state_abbr" text,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "tracking_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"request_number" text NOT NULL,
	"request_type" text NOT NULL,
	"scac" text NOT NULL,
	"ref_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipment_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failed_reason" text,
	"customer_id" uuid,
	"shipment_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"container_id" uuid NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voyage_number" text,
	"timestamp" timestamp with time zone,
	"location_locode" text,
	"timezone" text,
	"data_source" text,
	"vessel_id" uuid,
	"location_id" uuid,
	"terminal_id" uuid
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vessels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"imo" text,
	"mmsi" text,
	"latitude" double precision,
	"longitude" double precision,
	"nautical_speed_knots" double precision,
	"navigational_heading_degrees" double precision,
	"position_timestamp" timestamp with time zone,
	CONSTRAINT "vessels_imo_unique" UNIQUE("imo")
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_id" uuid NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response_excerpt" text,
	"error" text,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret" text NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_pod_terminal_id_terminals_id_fk" FOREIGN KEY ("pod_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_pickup_facility_id_terminals_id_fk" FOREIGN KEY ("pickup_facility_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_definitions" ADD CONSTRAINT "custom_field_definitions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_options" ADD CONSTRAINT "custom_field_options_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_options" ADD CONSTRAINT "custom_field_options_definition_id_custom_field_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."custom_field_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_definition_id_custom_field_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."custom_field_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_links" ADD CONSTRAINT "document_links_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_representations" ADD CONSTRAINT "document_representations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_representations" ADD CONSTRAINT "document_representations_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_email_submission_id_email_submissions_id_fk" FOREIGN KEY ("email_submission_id") REFERENCES "public"."email_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_submissions" ADD CONSTRAINT "email_submissions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_submissions" ADD CONSTRAINT "email_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_events" ADD CONSTRAINT "raw_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_events" ADD CONSTRAINT "raw_events_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_events" ADD CONSTRAINT "raw_events_location_id_ports_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raw_events" ADD CONSTRAINT "raw_events_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_customer_id_parties_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_port_of_lading_id_ports_id_fk" FOREIGN KEY ("port_of_lading_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_port_of_discharge_id_ports_id_fk" FOREIGN KEY ("port_of_discharge_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pod_terminal_id_terminals_id_fk" FOREIGN KEY ("pod_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_destination_id_ports_id_fk" FOREIGN KEY ("destination_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_destination_terminal_id_terminals_id_fk" FOREIGN KEY ("destination_terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pod_vessel_id_vessels_id_fk" FOREIGN KEY ("pod_vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_port_id_ports_id_fk" FOREIGN KEY ("port_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD CONSTRAINT "tracking_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD CONSTRAINT "tracking_requests_customer_id_parties_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_vessel_id_vessels_id_fk" FOREIGN KEY ("vessel_id") REFERENCES "public"."vessels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_location_id_ports_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."ports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_events" ADD CONSTRAINT "transport_events_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_notification_id_webhook_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."webhook_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_notifications" ADD CONSTRAINT "webhook_notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_notifications" ADD CONSTRAINT "webhook_notifications_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "containers_shipment" ON "containers" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "containers_account_number" ON "containers" USING btree ("account_id","number");--> statement-breakpoint
CREATE INDEX "containers_account_created" ON "containers" USING btree ("account_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_definitions_slug" ON "custom_field_definitions" USING btree ("account_id","entity_type","api_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_options_value" ON "custom_field_options" USING btree ("definition_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_field_values_entity" ON "custom_field_values" USING btree ("entity_id","definition_id");--> statement-breakpoint
CREATE INDEX "document_representations_document" ON "document_representations" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_account" ON "documents" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_email_submission" ON "documents" USING btree ("email_submission_id");--> statement-breakpoint
CREATE INDEX "email_submissions_account" ON "email_submissions" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "parties_account" ON "parties" USING btree ("account_id","company_name");--> statement-breakpoint
CREATE INDEX "raw_events_container" ON "raw_events" USING btree ("container_id","index");--> statement-breakpoint
CREATE INDEX "shipments_account_created" ON "shipments" USING btree ("account_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "shipments_search_numbers" ON "shipments" USING gin ("search_numbers");--> statement-breakpoint
CREATE INDEX "shipments_normalized_number" ON "shipments" USING btree ("account_id","normalized_number");--> statement-breakpoint
CREATE INDEX "shipments_tracking_request" ON "shipments" USING btree ("tracking_request_id");--> statement-breakpoint
CREATE INDEX "tracking_requests_account" ON "tracking_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "tracking_requests_number" ON "tracking_requests" USING btree ("account_id","request_number");--> statement-breakpoint
CREATE INDEX "tracking_requests_due" ON "tracking_requests" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "transport_events_container" ON "transport_events" USING btree ("container_id","timestamp");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_notification" ON "webhook_delivery_attempts" USING btree ("notification_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_notifications_account" ON "webhook_notifications" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_notifications_due" ON "webhook_notifications" USING btree ("delivery_status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhooks_account" ON "webhooks" USING btree ("account_id");