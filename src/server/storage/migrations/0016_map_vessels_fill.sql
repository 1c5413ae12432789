-- Shipments at sea before the map's columns existed: due for the engine now, which fills them in.
UPDATE "shipments" SET "next_update_at" = "updated_at"
WHERE "voyage" IS NOT NULL AND "pol_atd_at" IS NOT NULL AND "pod_ata_at" IS NULL AND "next_update_at" IS NOT NULL;
