DROP INDEX "webhook_notifications_due";--> statement-breakpoint
ALTER TABLE "webhook_notifications" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_requests_active_number" ON "tracking_requests" USING btree ("account_id","request_number","scac") WHERE "tracking_requests"."status" in ('pending', 'awaiting_manifest', 'created');--> statement-breakpoint
CREATE INDEX "webhook_notifications_due" ON "webhook_notifications" USING btree ("next_attempt_at") WHERE "webhook_notifications"."delivery_status" = 'pending';