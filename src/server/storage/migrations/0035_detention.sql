-- Hand-written. Detention (per diem) for the empty: each shipping line keeps its tariffs by lane; at pickup a
-- trigger sets the container's return deadline and the tariff it was priced by. The board's "Empty due" and
-- "Empty overdue" tabs are counted from +1/-1 rows kept by triggers, summed by day at read time (as 0027).
ALTER TABLE "shipping_lines" ADD COLUMN "detention_tariffs" jsonb;
--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "empty_return_deadline" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "detention_tariff" jsonb;
--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "empty_return_zone" text;
--> statement-breakpoint
-- a zone the database knows, else UTC (as the contract's `localDay` counts an unknown one), so no read of the
-- board's days can fail on a zone some source misspelt
CREATE FUNCTION "known_zone"(zone text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone;
  RETURN coalesce(nullif(zone, ''), 'UTC');
EXCEPTION WHEN OTHERS THEN
  RETURN 'UTC';
END
$$;
--> statement-breakpoint
CREATE INDEX "containers_account_empty_out" ON "containers" USING btree ("account_id", "empty_return_deadline")
  WHERE "empty_return_deadline" IS NOT NULL AND "empty_terminated_at" IS NULL;
--> statement-breakpoint
-- the contract's `returnDeadlineOf` (src/contract/detention.ts): free days from the local day of pickup (weekdays
-- only when weekends are excluded), ending at 23:59:59 of the last one; an unknown zone counts as UTC
CREATE FUNCTION "detention_deadline"(picked_up timestamptz, zone text, free_days integer, weekends_excluded boolean)
RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  z text := coalesce(nullif(zone, ''), 'UTC');
  d date;
  left_days integer := greatest(coalesce(free_days, 0), 0);
BEGIN
  BEGIN
    d := (picked_up AT TIME ZONE z)::date;
  EXCEPTION WHEN invalid_parameter_value THEN
    z := 'UTC';
    d := (picked_up AT TIME ZONE z)::date;
  END;
  IF coalesce(weekends_excluded, false) THEN
    WHILE left_days > 0 LOOP
      d := d + 1;
      IF extract(isodow FROM d) < 6 THEN left_days := left_days - 1; END IF;
    END LOOP;
  ELSE
    d := d + left_days;
  END IF;
  RETURN ((d + 1)::timestamp AT TIME ZONE z) - interval '1 second';
END
$$;
--> statement-breakpoint
-- the contract's `tariffForPort`: the first tariff of the lane the port is in, else the first without ports
CREATE FUNCTION "line_detention_tariff"(tariffs jsonb, port text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT t FROM (
    SELECT x.t, x.i, CASE
        WHEN port IS NOT NULL AND jsonb_typeof(x.t->'ports') = 'array' AND x.t->'ports' @> to_jsonb(port) THEN 0
        WHEN jsonb_typeof(x.t->'ports') IS DISTINCT FROM 'array' OR jsonb_array_length(x.t->'ports') = 0 THEN 1
      END AS rank
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(tariffs) = 'array' THEN tariffs ELSE '[]' END)
      WITH ORDINALITY AS x(t, i)
  ) ranked WHERE rank IS NOT NULL ORDER BY rank, i LIMIT 1
$$;
--> statement-breakpoint
-- picked up: the deadline by the line's tariff for the port of discharge (a writer's own deadline stays when the
-- line has none); before pickup, none. The zone is the place of pickup's: the port's, or the rail ramp's.
CREATE FUNCTION "containers_detention"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  picked_up timestamptz := coalesce(NEW.pod_full_out_at, NEW.final_destination_full_out_at);
  tariff jsonb;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.pod_full_out_at IS NOT DISTINCT FROM OLD.pod_full_out_at
    AND NEW.final_destination_full_out_at IS NOT DISTINCT FROM OLD.final_destination_full_out_at
    AND NEW.pod_timezone IS NOT DISTINCT FROM OLD.pod_timezone
    AND NEW.final_destination_timezone IS NOT DISTINCT FROM OLD.final_destination_timezone
    AND NEW.shipment_id = OLD.shipment_id THEN
    RETURN NEW;
  END IF;
  IF picked_up IS NULL THEN
    NEW.empty_return_deadline := NULL;
    NEW.detention_tariff := NULL;
    NEW.empty_return_zone := NULL;
    RETURN NEW;
  END IF;
  NEW.empty_return_zone := known_zone(CASE WHEN NEW.pod_full_out_at IS NOT NULL THEN NEW.pod_timezone
    ELSE coalesce(NEW.final_destination_timezone, NEW.pod_timezone) END);
  SELECT line_detention_tariff(l.detention_tariffs, s.port_of_discharge_locode) INTO tariff
    FROM "shipments" s JOIN "shipping_lines" l ON l.scac = s.shipping_line_scac WHERE s.id = NEW.shipment_id;
  IF tariff IS NOT NULL THEN
    NEW.detention_tariff := tariff;
    NEW.empty_return_deadline := detention_deadline(picked_up, NEW.empty_return_zone,
      (tariff->>'free_days')::integer, (tariff->>'weekends_excluded')::boolean);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "containers_detention" BEFORE INSERT OR UPDATE ON "containers"
  FOR EACH ROW EXECUTE FUNCTION "containers_detention"();
--> statement-breakpoint
CREATE TABLE "empty_return_counts" (
	"account_id" uuid NOT NULL,
	"return_zone" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"merged" boolean DEFAULT false NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "empty_return_counts" ADD CONSTRAINT "empty_return_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "empty_return_counts_account" ON "empty_return_counts" USING btree ("account_id");
--> statement-breakpoint
CREATE INDEX "empty_return_counts_unmerged" ON "empty_return_counts" USING btree ("account_id") WHERE NOT "merged";
--> statement-breakpoint
-- an empty out, and the zone its days count in: the board's `emptyOut` and `returnZone` (container-board-store.ts)
CREATE FUNCTION "empty_return_row"(c "containers") RETURNS TABLE ("return_zone" text, "deadline" timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(c.empty_return_zone, 'UTC'), c.empty_return_deadline
  WHERE c.empty_return_deadline IS NOT NULL AND c.empty_terminated_at IS NULL
$$;
--> statement-breakpoint
CREATE FUNCTION "empty_return_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "empty_return_counts" ("account_id", "return_zone", "deadline", "n")
      SELECT c.account_id, k.*, count(*) FROM "added" c, LATERAL empty_return_row(c) k GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "empty_return_counts" ("account_id", "return_zone", "deadline", "n")
      SELECT c.account_id, k.*, -count(*) FROM "removed" c, LATERAL empty_return_row(c) k GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO "empty_return_counts" ("account_id", "return_zone", "deadline", "n")
      SELECT d.account_id, d.return_zone, d.deadline, sum(d.n) FROM (
        SELECT c.account_id, k.*, 1 AS n FROM "added" c, LATERAL empty_return_row(c) k
        UNION ALL
        SELECT c.account_id, k.*, -1 FROM "removed" c, LATERAL empty_return_row(c) k
      ) d
      GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "containers_empty_return_insert" AFTER INSERT ON "containers"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "empty_return_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "containers_empty_return_update" AFTER UPDATE ON "containers"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "empty_return_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "containers_empty_return_delete" AFTER DELETE ON "containers"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "empty_return_counts_keep"();
--> statement-breakpoint
-- no container may change between the count and the commit, or it would be counted twice or never
LOCK TABLE "containers", "shipments", "shipping_lines" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "empty_return_counts" ("account_id", "return_zone", "deadline", "merged", "n")
  SELECT c.account_id, k.*, true, count(*) FROM "containers" c, LATERAL empty_return_row(c) k GROUP BY 1, 2, 3;
