ALTER TABLE "webhook_delivery_attempts" ADD COLUMN "request_headers" jsonb;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
CREATE INDEX "webhook_notifications_webhook" ON "webhook_notifications" USING btree ("webhook_id","created_at" DESC NULLS LAST);