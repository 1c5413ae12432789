ALTER TABLE "webhook_notifications" ALTER COLUMN "payload" SET DATA TYPE text USING "payload"::text;
