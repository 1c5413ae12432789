-- Hand-written. Alert rules (issue 30), the state of each rule for each subject (so a rule fires once per
-- crossing), the alerts fired, each person's copy for the bell, and the outbox of deliveries by email and chat.
CREATE TABLE "alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"condition" jsonb NOT NULL,
	"scope" jsonb NOT NULL,
	"recipient_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipient_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chat_webhook_url_sealed" text,
	"chat_webhook_hint" text,
	"delivery" text DEFAULT 'immediate' NOT NULL,
	"digest_time" text DEFAULT '08:00' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"group_wait_seconds" integer DEFAULT 30 NOT NULL,
	"repeat_interval_hours" integer,
	"mute_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fired_at" timestamp with time zone,
	"evaluated_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "alert_rules_account" ON "alert_rules" USING btree ("account_id", "created_at");
--> statement-breakpoint
CREATE TABLE "alert_states" (
	"rule_id" uuid NOT NULL REFERENCES "alert_rules"("id") ON DELETE cascade,
	"subject_id" text NOT NULL,
	"active" boolean NOT NULL,
	"baseline" jsonb,
	"since" timestamp with time zone NOT NULL,
	"last_fired_at" timestamp with time zone,
	CONSTRAINT "alert_states_pk" PRIMARY KEY ("rule_id", "subject_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"rule_id" uuid NOT NULL REFERENCES "alert_rules"("id") ON DELETE cascade,
	"condition_kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"container_id" uuid,
	"shipment_id" uuid,
	"party_id" uuid,
	"fired_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alerts_account" ON "alerts" USING btree ("account_id", "fired_at", "id");
--> statement-breakpoint
CREATE INDEX "alerts_rule" ON "alerts" USING btree ("rule_id", "fired_at");
--> statement-breakpoint
CREATE TABLE "alert_inbox" (
	"alert_id" uuid NOT NULL REFERENCES "alerts"("id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"fired_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "alert_inbox_pk" PRIMARY KEY ("user_id", "alert_id")
);
--> statement-breakpoint
CREATE INDEX "alert_inbox_unread" ON "alert_inbox" USING btree ("user_id", "fired_at") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "alert_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "alert_batches_due" ON "alert_batches" USING btree ("status", "next_attempt_at");
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"alert_id" uuid NOT NULL REFERENCES "alerts"("id") ON DELETE cascade,
	"rule_id" uuid NOT NULL REFERENCES "alert_rules"("id") ON DELETE cascade,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE cascade,
	"mode" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"batch_id" uuid REFERENCES "alert_batches"("id") ON DELETE set null,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_once" UNIQUE ("alert_id", "channel", "recipient")
);
--> statement-breakpoint
CREATE INDEX "alert_deliveries_due" ON "alert_deliveries" USING btree ("due_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "alert_deliveries_batch" ON "alert_deliveries" USING btree ("batch_id");
--> statement-breakpoint
CREATE TABLE "alert_unsubscribes" (
	"rule_id" uuid NOT NULL REFERENCES "alert_rules"("id") ON DELETE cascade,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_unsubscribes_pk" PRIMARY KEY ("rule_id", "recipient")
);
