CREATE TABLE "upstream_connections" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"api_key_sealed" text,
	"webhook_id" text,
	"webhook_secret_sealed" text,
	"status" text DEFAULT 'connecting' NOT NULL,
	"status_detail" text,
	"last_heard_at" timestamp with time zone,
	"last_reconciled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_receipts" (
	"account_id" uuid NOT NULL,
	"notification_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upstream_receipts_account_id_notification_id_pk" PRIMARY KEY("account_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "upstream_sync_progress" (
	"account_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"next_page" integer DEFAULT 1 NOT NULL,
	"pass_started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "upstream_sync_progress_account_id_resource_pk" PRIMARY KEY("account_id","resource")
);
--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "upstream_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "upstream_digest" text;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "upstream_events_digest" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "upstream_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "tracking_requests" ADD COLUMN "upstream_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "upstream_connections" ADD CONSTRAINT "upstream_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_receipts" ADD CONSTRAINT "upstream_receipts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upstream_sync_progress" ADD CONSTRAINT "upstream_sync_progress_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;