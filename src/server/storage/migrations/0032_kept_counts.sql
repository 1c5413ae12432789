-- Hand-written. When a last free day stops counting, declared once: null while it always counts (never
-- checked, or given by a person or a document), else `LFD_CHECK_INTERVAL_MS` (6 hours, src/contract/lfd-sources.ts)
-- after it was last checked. The board's kept rows (`board_count_rows`) store it; the board's tab conditions
-- (`lfdConfirmedSql` in container-board-store.ts) compare it with now.
CREATE FUNCTION "lfd_confirmed_until"(checked_at timestamptz, source text) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN checked_at IS NOT NULL AND NOT coalesce(source IN ('person', 'document'), false)
    THEN checked_at + interval '6 hours' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "board_count_rows"(c "containers", eta timestamptz, ata timestamptz)
RETURNS TABLE ("done" boolean, "on_hold" boolean, "available" boolean, "accruing" boolean,
  "lfd_zone" text, "pickup_lfd" timestamptz, "lfd_confirmed_until" timestamptz, "eta_hour" timestamptz)
LANGUAGE sql STABLE AS $$
  WITH f AS (
    SELECT c.pod_discharged_at IS NOT NULL AND c.pod_full_out_at IS NULL
        AND c.final_destination_full_out_at IS NULL AND c.empty_terminated_at IS NULL AS waiting,
      (c.pod_full_out_at IS NOT NULL OR c.final_destination_full_out_at IS NOT NULL
        OR c.empty_terminated_at IS NOT NULL) AS done
  )
  SELECT f.done,
    f.waiting AND jsonb_array_length(c.holds_at_pod_terminal) > 0 AND NOT c.available_for_pickup,
    f.waiting AND c.available_for_pickup,
    f.waiting AND EXISTS (SELECT 1 FROM jsonb_array_elements(c.fees_at_pod_terminal) fee
      WHERE fee->>'type' IN ('demurrage', 'extended_dwell_time') AND (fee->>'amount')::numeric > 0),
    CASE WHEN f.waiting AND c.pickup_lfd IS NOT NULL THEN
      CASE WHEN c.import_deadlines->>'pickup_lfd_rail' IS NOT NULL
        THEN coalesce(c.final_destination_timezone, c.pod_timezone, 'UTC')
        ELSE coalesce(c.pod_timezone, 'UTC') END END,
    CASE WHEN f.waiting THEN c.pickup_lfd END,
    CASE WHEN f.waiting AND c.pickup_lfd IS NOT NULL
      THEN lfd_confirmed_until(c.pickup_lfd_checked_at, c.pickup_lfd_source) END,
    NULL::timestamptz
  FROM f
  UNION ALL
  SELECT false, false, false, false, NULL, NULL, NULL, to_timestamp(floor(extract(epoch FROM eta) / 3600) * 3600)
  WHERE c.pod_arrived_at IS NULL AND ata IS NULL AND eta IS NOT NULL
$$;
--> statement-breakpoint
-- The map's per-vessel counts without reading every container at sea: each container aboard (its shipment
-- sails on a vessel, it is not discharged) adds one row of its vessel and what its state depends on (a hold
-- reported; ETA a day or more past the first ETA). Nothing here moves with time. Triggers append +1/-1 rows
-- as for `board_counts`; the engine's tick merges them.
CREATE TABLE "vessel_counts" (
	"account_id" uuid NOT NULL,
	"vessel_id" uuid NOT NULL,
	"on_hold" boolean NOT NULL,
	"delayed" boolean NOT NULL,
	"merged" boolean DEFAULT false NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vessel_counts" ADD CONSTRAINT "vessel_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "vessel_counts_account" ON "vessel_counts" USING btree ("account_id","vessel_id");
--> statement-breakpoint
CREATE INDEX "vessel_counts_unmerged" ON "vessel_counts" USING btree ("account_id") WHERE NOT "merged";
--> statement-breakpoint
-- the map's `stateOf` (routes/vessel-map.ts) and the aboard query's conditions (vessel-map-store.ts)
CREATE FUNCTION "vessel_count_row"(c "containers", vessel uuid, eta timestamptz, original_eta timestamptz)
RETURNS TABLE ("vessel_id" uuid, "on_hold" boolean, "delayed" boolean) LANGUAGE sql IMMUTABLE AS $$
  SELECT vessel, jsonb_array_length(c.holds_at_pod_terminal) > 0,
    coalesce(extract(epoch FROM eta - original_eta) >= 86400, false)
  WHERE vessel IS NOT NULL AND c.pod_discharged_at IS NULL
$$;
--> statement-breakpoint
CREATE FUNCTION "vessel_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "vessel_counts" ("account_id", "vessel_id", "on_hold", "delayed", "n")
      SELECT c.account_id, k.*, count(*) FROM "added" c
        JOIN "shipments" s ON s.id = c.shipment_id,
        LATERAL vessel_count_row(c, s.sailing_vessel_id, s.pod_eta_at, s.pod_original_eta_at) k
      GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    -- a container deleted with its shipment finds none: the shipment's own trigger took its row away
    INSERT INTO "vessel_counts" ("account_id", "vessel_id", "on_hold", "delayed", "n")
      SELECT c.account_id, k.*, -count(*) FROM "removed" c
        JOIN "shipments" s ON s.id = c.shipment_id,
        LATERAL vessel_count_row(c, s.sailing_vessel_id, s.pod_eta_at, s.pod_original_eta_at) k
      GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO "vessel_counts" ("account_id", "vessel_id", "on_hold", "delayed", "n")
      SELECT d.account_id, d.vessel_id, d.on_hold, d.delayed, sum(d.n) FROM (
        SELECT c.account_id, k.*, 1 AS n FROM "added" c
          JOIN "shipments" s ON s.id = c.shipment_id,
          LATERAL vessel_count_row(c, s.sailing_vessel_id, s.pod_eta_at, s.pod_original_eta_at) k
        UNION ALL
        SELECT c.account_id, k.*, -1 FROM "removed" c
          JOIN "shipments" s ON s.id = c.shipment_id,
          LATERAL vessel_count_row(c, s.sailing_vessel_id, s.pod_eta_at, s.pod_original_eta_at) k
      ) d
      GROUP BY 1, 2, 3, 4 HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "containers_vessel_insert" AFTER INSERT ON "containers"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "vessel_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "containers_vessel_update" AFTER UPDATE ON "containers"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "vessel_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "containers_vessel_delete" AFTER DELETE ON "containers"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "vessel_counts_keep"();
--> statement-breakpoint
-- a shipment's vessel or ETAs move the rows of its containers aboard
CREATE FUNCTION "vessel_counts_keep_shipment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "vessel_counts" ("account_id", "vessel_id", "on_hold", "delayed", "n")
      SELECT d.account_id, d.vessel_id, d.on_hold, d.delayed, sum(d.n) FROM (
        SELECT c.account_id, k.*, 1 AS n FROM "added" s JOIN "containers" c ON c.shipment_id = s.id,
          LATERAL vessel_count_row(c, s.sailing_vessel_id, s.pod_eta_at, s.pod_original_eta_at) k
        UNION ALL
        SELECT c.account_id, k.*, -1 FROM "removed" s JOIN "containers" c ON c.shipment_id = s.id,
          LATERAL vessel_count_row(c, s.sailing_vessel_id, s.pod_eta_at, s.pod_original_eta_at) k
      ) d
      GROUP BY 1, 2, 3, 4 HAVING sum(d.n) <> 0;
    RETURN NULL;
  END IF;
  -- before a shipment goes, its containers' rows go: they are deleted after it and cannot find it
  INSERT INTO "vessel_counts" ("account_id", "vessel_id", "on_hold", "delayed", "n")
    SELECT c.account_id, k.*, -count(*) FROM "containers" c,
      LATERAL vessel_count_row(c, OLD.sailing_vessel_id, OLD.pod_eta_at, OLD.pod_original_eta_at) k
    WHERE c.shipment_id = OLD.id
    GROUP BY 1, 2, 3, 4;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shipments_vessel_update" AFTER UPDATE ON "shipments"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "vessel_counts_keep_shipment"();
--> statement-breakpoint
CREATE TRIGGER "shipments_vessel_delete" BEFORE DELETE ON "shipments"
  FOR EACH ROW EXECUTE FUNCTION "vessel_counts_keep_shipment"();
--> statement-breakpoint
-- no container or shipment may change between the count and the commit, or it would be counted twice or never
LOCK TABLE "containers", "shipments" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "vessel_counts" ("account_id", "vessel_id", "on_hold", "delayed", "merged", "n")
  SELECT c.account_id, k.*, true, count(*) FROM "containers" c
    JOIN "shipments" s ON s.id = c.shipment_id,
    LATERAL vessel_count_row(c, s.sailing_vessel_id, s.pod_eta_at, s.pod_original_eta_at) k
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The inbox's totals by reading state (`GET /v2/email_submissions` and its `filter[reading]`) without reading
-- every email of the account and its documents: one +1/-1 row per email and state, appended by triggers on
-- `documents` and `email_submissions`, merged by the engine's tick. Nothing here moves with time.
CREATE TABLE "inbox_counts" (
	"account_id" uuid NOT NULL,
	"reading" text,
	"merged" boolean DEFAULT false NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_counts" ADD CONSTRAINT "inbox_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "inbox_counts_account" ON "inbox_counts" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "inbox_counts_unmerged" ON "inbox_counts" USING btree ("account_id") WHERE NOT "merged";
--> statement-breakpoint
-- `readingCondition` (document-filters.ts) from the statuses of an email's documents not discarded;
-- null when it is in no state (a document never read, say)
CREATE FUNCTION "submission_reading"(statuses text[]) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN 'failed' = ANY (statuses) THEN 'failed'
    WHEN statuses && ARRAY['pending', 'running'] THEN 'reading'
    WHEN cardinality(statuses) = 0 THEN 'no_documents'
    WHEN NOT EXISTS (SELECT 1 FROM unnest(statuses) s WHERE s IS DISTINCT FROM 'done') THEN 'done'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "inbox_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added_rows "documents"[] := '{}';
  removed_rows "documents"[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN SELECT coalesce(array_agg(a), '{}') INTO added_rows FROM "added" a; END IF;
  IF TG_OP <> 'INSERT' THEN SELECT coalesce(array_agg(r), '{}') INTO removed_rows FROM "removed" r; END IF;
  -- each email touched leaves the state it had (its documents now, less the new rows, plus the old) for the
  -- state it has; an email deleted with its documents is not found: its own trigger took its row away.
  -- Joins, not `<> ALL`: a statement that adds many documents costs in proportion to them, not their square.
  INSERT INTO "inbox_counts" ("account_id", "reading", "n")
    WITH new_rows AS (SELECT * FROM unnest(added_rows)),
    old_rows AS (SELECT * FROM unnest(removed_rows)),
    touched AS (SELECT DISTINCT email_submission_id AS id
      FROM (SELECT email_submission_id FROM new_rows UNION ALL SELECT email_submission_id FROM old_rows) t
      WHERE email_submission_id IS NOT NULL),
    now_docs AS (SELECT x.id, x.email_submission_id, x.extraction_status FROM "documents" x
      JOIN touched t ON x.email_submission_id = t.id WHERE NOT x.discarded),
    before_docs AS (
      SELECT n.id, n.email_submission_id, n.extraction_status FROM now_docs n
        WHERE NOT EXISTS (SELECT 1 FROM new_rows a WHERE a.id = n.id)
      UNION ALL
      SELECT r.id, r.email_submission_id, r.extraction_status FROM old_rows r WHERE NOT r.discarded),
    states AS (
      SELECT t.id, submission_reading(coalesce(array_agg(n.extraction_status) FILTER (WHERE n.id IS NOT NULL), '{}')) AS reading, 1 AS n
        FROM touched t LEFT JOIN now_docs n ON n.email_submission_id = t.id GROUP BY t.id
      UNION ALL
      SELECT t.id, submission_reading(coalesce(array_agg(b.extraction_status) FILTER (WHERE b.id IS NOT NULL), '{}')), -1
        FROM touched t LEFT JOIN before_docs b ON b.email_submission_id = t.id GROUP BY t.id)
    SELECT e.account_id, d.reading, sum(d.n) FROM states d JOIN "email_submissions" e ON e.id = d.id
    GROUP BY 1, 2 HAVING sum(d.n) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "documents_inbox_insert" AFTER INSERT ON "documents"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "documents_inbox_update" AFTER UPDATE ON "documents"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "documents_inbox_delete" AFTER DELETE ON "documents"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_counts_keep"();
--> statement-breakpoint
-- a new email has no documents yet; one deleted leaves the state its documents give it, before they go
CREATE FUNCTION "inbox_counts_keep_submission"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "inbox_counts" ("account_id", "reading", "n")
      SELECT account_id, 'no_documents', count(*) FROM "added" GROUP BY 1;
    RETURN NULL;
  END IF;
  INSERT INTO "inbox_counts" ("account_id", "reading", "n")
    SELECT OLD.account_id, submission_reading(coalesce((SELECT array_agg(x.extraction_status) FROM "documents" x
      WHERE x.email_submission_id = OLD.id AND NOT x.discarded), '{}')), -1;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "email_submissions_inbox_insert" AFTER INSERT ON "email_submissions"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_counts_keep_submission"();
--> statement-breakpoint
CREATE TRIGGER "email_submissions_inbox_delete" BEFORE DELETE ON "email_submissions"
  FOR EACH ROW EXECUTE FUNCTION "inbox_counts_keep_submission"();
--> statement-breakpoint
-- no email or document may change between the count and the commit, or it would be counted twice or never
LOCK TABLE "email_submissions", "documents" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "inbox_counts" ("account_id", "reading", "merged", "n")
  SELECT e.account_id, submission_reading(coalesce((SELECT array_agg(x.extraction_status) FROM "documents" x
      WHERE x.email_submission_id = e.id AND NOT x.discarded), '{}')), true, count(*)
  FROM "email_submissions" e GROUP BY 1, 2;
