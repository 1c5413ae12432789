CREATE TABLE "document_blobs" (
	"account_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_blobs_account_id_sha256_pk" PRIMARY KEY("account_id","sha256")
);
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "file_bytes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "inbound_slug" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "extraction_status" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "extraction_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "extraction_error" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "extraction_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "corrections" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_submissions" ADD COLUMN "html_body" text;--> statement-breakpoint
ALTER TABLE "email_submissions" ADD COLUMN "reply_to_submission_id" uuid;--> statement-breakpoint
ALTER TABLE "email_submissions" ADD COLUMN "raw_sha256" text;--> statement-breakpoint
ALTER TABLE "document_blobs" ADD CONSTRAINT "document_blobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_extraction_due" ON "documents" USING btree ("extraction_due_at") WHERE "documents"."extraction_due_at" is not null;--> statement-breakpoint
CREATE INDEX "email_submissions_message_id" ON "email_submissions" USING btree ("account_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_submissions_raw" ON "email_submissions" USING btree ("account_id","raw_sha256");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_inbound_slug_unique" UNIQUE("inbound_slug");