-- Hand-written: keeps shipment_counts in step with shipments, one statement at a time (transition
-- tables, so a bulk insert updates each account's row once), and fills it from the shipments already kept.
CREATE FUNCTION "shipment_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "shipment_counts" ("account_id", "shipments")
      SELECT "account_id", count(*) FROM "added" GROUP BY "account_id"
      ON CONFLICT ("account_id") DO UPDATE SET "shipments" = "shipment_counts"."shipments" + EXCLUDED."shipments";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "shipment_counts" AS c SET "shipments" = c."shipments" - d."n"
      FROM (SELECT "account_id", count(*) AS "n" FROM "removed" GROUP BY "account_id") AS d
      WHERE c."account_id" = d."account_id";
  ELSE
    DELETE FROM "shipment_counts";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shipments_counted_insert" AFTER INSERT ON "shipments"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "shipment_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "shipments_counted_delete" AFTER DELETE ON "shipments"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "shipment_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "shipments_counted_truncate" AFTER TRUNCATE ON "shipments"
  FOR EACH STATEMENT EXECUTE FUNCTION "shipment_counts_keep"();
--> statement-breakpoint
-- no shipment may be added between the count and the commit, or it would be counted twice or never
LOCK TABLE "shipments" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "shipment_counts" ("account_id", "shipments")
  SELECT "account_id", count(*) FROM "shipments" GROUP BY "account_id";
