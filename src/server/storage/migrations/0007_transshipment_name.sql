ALTER TABLE "shipments" ADD COLUMN "transshipment_name" text;
--> statement-breakpoint
-- shipments planned before the name was kept take it from the port
UPDATE "shipments" SET "transshipment_name" = "ports"."name" FROM "ports" WHERE "ports"."code" = "shipments"."transshipment_locode";
