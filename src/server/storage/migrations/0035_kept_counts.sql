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
