-- Hand-written. Appointments after pickup with their sources (issue 31), the container's trucker, what a
-- trucker confirmed through a handoff link, and the links themselves (hashed, as embed tokens are).
ALTER TABLE "containers" ADD COLUMN "delivery_appointment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "empty_return_appointment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "appointments" jsonb;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "next_appointment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "next_appointment_kind" text;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "trucker_party_id" uuid;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "handoff_confirmations" jsonb;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_trucker_party_id_parties_id_fk" FOREIGN KEY ("trucker_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- the terminal's pickup appointments already kept count as the next appointment until pickup
UPDATE "containers" SET "next_appointment_at" = "pickup_appointment_at", "next_appointment_kind" = 'pickup'
  WHERE "pickup_appointment_at" IS NOT NULL AND "pod_full_out_at" IS NULL AND "final_destination_full_out_at" IS NULL
    AND "empty_terminated_at" IS NULL;--> statement-breakpoint
CREATE INDEX "containers_account_next_appointment" ON "containers" USING btree ("account_id","next_appointment_at","id") WHERE "containers"."next_appointment_at" is not null;--> statement-breakpoint
CREATE TABLE "handoff_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"container_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"use_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "handoff_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "handoff_tokens" ADD CONSTRAINT "handoff_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handoff_tokens_account" ON "handoff_tokens" USING btree ("account_id","created_at");
