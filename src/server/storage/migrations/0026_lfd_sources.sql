ALTER TABLE "containers" ADD COLUMN "lfd_sources" jsonb;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "pickup_lfd_source" text;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "pickup_lfd_checked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "shipments" SET "next_update_at" = now()
  WHERE "next_update_at" > now() AND EXISTS (SELECT 1 FROM "containers" c WHERE c."shipment_id" = "shipments"."id"
    AND c."pod_discharged_at" IS NOT NULL AND c."pod_full_out_at" IS NULL AND c."final_destination_full_out_at" IS NULL AND c."empty_terminated_at" IS NULL);
