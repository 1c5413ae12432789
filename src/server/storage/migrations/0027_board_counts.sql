-- Hand-written: the board's tab counts without reading every container of the account. Each container
-- adds one row of what its tabs depend on (the tabs it is in for good, its last free day and the zone it
-- is counted in) and, while its vessel is due, one row of the hour of its ETA. The rows that move with
-- time are summed by day or by hour at read time, so counts stay exact however far the clock moves.
-- Triggers append +1/-1 rows in the writing transaction (never an update, so writers never wait on one
-- another); the engine's tick merges them (`board_counts_merge`).
CREATE TABLE "board_counts" (
	"account_id" uuid NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"on_hold" boolean DEFAULT false NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"accruing" boolean DEFAULT false NOT NULL,
	"lfd_zone" text,
	"pickup_lfd" timestamp with time zone,
	"lfd_confirmed_until" timestamp with time zone,
	"eta_hour" timestamp with time zone,
	"merged" boolean DEFAULT false NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "board_counts" ADD CONSTRAINT "board_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "board_counts_account" ON "board_counts" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "board_counts_unmerged" ON "board_counts" USING btree ("account_id") WHERE NOT "merged";
--> statement-breakpoint
-- what a container adds to the counts: the same rules as the board's tab conditions
-- (container-board-store.ts) and `boardTabsOf` in the contract; the ETA row needs its shipment.
-- `lfd_confirmed_until` is when the last free day stops counting (`lfdConfirmedSql`: checked more than
-- LFD_CHECK_INTERVAL_MS, 6 hours, ago and given by neither a person nor a document); null while it always counts.
CREATE FUNCTION "board_count_rows"(c "containers", eta timestamptz, ata timestamptz)
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
    CASE WHEN f.waiting AND c.pickup_lfd IS NOT NULL AND c.pickup_lfd_checked_at IS NOT NULL
      AND NOT coalesce(c.pickup_lfd_source IN ('person', 'document'), false)
      THEN c.pickup_lfd_checked_at + interval '6 hours' END,
    NULL::timestamptz
  FROM f
  UNION ALL
  SELECT false, false, false, false, NULL, NULL, NULL, to_timestamp(floor(extract(epoch FROM eta) / 3600) * 3600)
  WHERE c.pod_arrived_at IS NULL AND ata IS NULL AND eta IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION "board_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "board_counts" ("account_id", "done", "on_hold", "available", "accruing", "lfd_zone", "pickup_lfd", "lfd_confirmed_until", "eta_hour", "n")
      SELECT c.account_id, k.*, count(*) FROM "added" c
        LEFT JOIN "shipments" s ON s.id = c.shipment_id,
        LATERAL board_count_rows(c, s.pod_eta_at, s.pod_ata_at) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  ELSIF TG_OP = 'DELETE' THEN
    -- a container deleted with its shipment adds no ETA row: the shipment's own trigger took it away
    INSERT INTO "board_counts" ("account_id", "done", "on_hold", "available", "accruing", "lfd_zone", "pickup_lfd", "lfd_confirmed_until", "eta_hour", "n")
      SELECT c.account_id, k.*, -count(*) FROM "removed" c
        LEFT JOIN "shipments" s ON s.id = c.shipment_id,
        LATERAL board_count_rows(c, s.pod_eta_at, s.pod_ata_at) k
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  ELSE
    INSERT INTO "board_counts" ("account_id", "done", "on_hold", "available", "accruing", "lfd_zone", "pickup_lfd", "lfd_confirmed_until", "eta_hour", "n")
      SELECT d.account_id, d.done, d.on_hold, d.available, d.accruing, d.lfd_zone, d.pickup_lfd, d.lfd_confirmed_until, d.eta_hour, sum(d.n)
      FROM (
        SELECT c.account_id, k.*, 1 AS n FROM "added" c
          LEFT JOIN "shipments" s ON s.id = c.shipment_id,
          LATERAL board_count_rows(c, s.pod_eta_at, s.pod_ata_at) k
        UNION ALL
        SELECT c.account_id, k.*, -1 FROM "removed" c
          LEFT JOIN "shipments" s ON s.id = c.shipment_id,
          LATERAL board_count_rows(c, s.pod_eta_at, s.pod_ata_at) k
      ) d
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "containers_board_insert" AFTER INSERT ON "containers"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "board_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "containers_board_update" AFTER UPDATE ON "containers"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "board_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "containers_board_delete" AFTER DELETE ON "containers"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "board_counts_keep"();
--> statement-breakpoint
-- a shipment's ETA or arrival moves the ETA rows of its containers not yet at the port
CREATE FUNCTION "board_counts_keep_eta"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "board_counts" ("account_id", "eta_hour", "n")
      SELECT d.account_id, d.eta_hour, sum(d.n) FROM (
        SELECT c.account_id, to_timestamp(floor(extract(epoch FROM s.pod_eta_at) / 3600) * 3600) AS eta_hour, 1 AS n
          FROM "added" s JOIN "containers" c ON c.shipment_id = s.id
          WHERE c.pod_arrived_at IS NULL AND s.pod_ata_at IS NULL AND s.pod_eta_at IS NOT NULL
        UNION ALL
        SELECT c.account_id, to_timestamp(floor(extract(epoch FROM s.pod_eta_at) / 3600) * 3600), -1
          FROM "removed" s JOIN "containers" c ON c.shipment_id = s.id
          WHERE c.pod_arrived_at IS NULL AND s.pod_ata_at IS NULL AND s.pod_eta_at IS NOT NULL
      ) d
      GROUP BY 1, 2 HAVING sum(d.n) <> 0;
    RETURN NULL;
  END IF;
  -- before a shipment goes, its containers' ETA rows go: they are deleted after it and cannot find it
  INSERT INTO "board_counts" ("account_id", "eta_hour", "n")
    SELECT c.account_id, to_timestamp(floor(extract(epoch FROM OLD.pod_eta_at) / 3600) * 3600), -count(*)
      FROM "containers" c
      WHERE c.shipment_id = OLD.id AND c.pod_arrived_at IS NULL AND OLD.pod_ata_at IS NULL AND OLD.pod_eta_at IS NOT NULL
      GROUP BY 1, 2;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shipments_board_update" AFTER UPDATE ON "shipments"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "board_counts_keep_eta"();
--> statement-breakpoint
CREATE TRIGGER "shipments_board_delete" BEFORE DELETE ON "shipments"
  FOR EACH ROW EXECUTE FUNCTION "board_counts_keep_eta"();
--> statement-breakpoint
-- no container or shipment may change between the count and the commit, or it would be counted twice or never
LOCK TABLE "containers", "shipments" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "board_counts" ("account_id", "done", "on_hold", "available", "accruing", "lfd_zone", "pickup_lfd", "lfd_confirmed_until", "eta_hour", "merged", "n")
  SELECT c.account_id, k.*, true, count(*) FROM "containers" c
    JOIN "shipments" s ON s.id = c.shipment_id,
    LATERAL board_count_rows(c, s.pod_eta_at, s.pod_ata_at) k
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
