ALTER TABLE "documents" ADD COLUMN "extraction_status" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "extraction_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "extraction_error" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "extraction_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "corrections" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_extraction_due" ON "documents" USING btree ("extraction_due_at") WHERE "documents"."extraction_due_at" is not null;