-- Hand-written. A container's texts are kept in memory by its row version (xmin), and the board and the
-- lists now keep its linkage to its events there too, written in the same statement as its attributes. So a
-- change to a container's events must give the container a new row version, in the same transaction,
-- whoever makes the change: the engine, the mirror of a connected account, or a statement past the app.
-- The count itself means nothing; the new row version is the point. A row lock on the container orders two
-- writers of its events, so the text read after both sees both.
ALTER TABLE "containers" ADD COLUMN IF NOT EXISTS "events_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "container_events_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "containers" c SET "events_version" = c."events_version" + 1
      WHERE c.id IN (SELECT a.container_id FROM "added" a);
  ELSIF TG_OP = 'DELETE' THEN
    -- a container deleted with its events is gone by now: nothing to touch
    UPDATE "containers" c SET "events_version" = c."events_version" + 1
      WHERE c.id IN (SELECT r.container_id FROM "removed" r);
  ELSE
    -- an event moved in time is listed in a new place, one moved to another container in two
    UPDATE "containers" c SET "events_version" = c."events_version" + 1
      WHERE c.id IN (SELECT a.container_id FROM "added" a UNION SELECT r.container_id FROM "removed" r);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transport_events_touch_insert" AFTER INSERT ON "transport_events"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "container_events_touch"();
--> statement-breakpoint
CREATE TRIGGER "transport_events_touch_update" AFTER UPDATE ON "transport_events"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "container_events_touch"();
--> statement-breakpoint
CREATE TRIGGER "transport_events_touch_delete" AFTER DELETE ON "transport_events"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "container_events_touch"();
--> statement-breakpoint
CREATE TRIGGER "raw_events_touch_insert" AFTER INSERT ON "raw_events"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "container_events_touch"();
--> statement-breakpoint
CREATE TRIGGER "raw_events_touch_update" AFTER UPDATE ON "raw_events"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "container_events_touch"();
--> statement-breakpoint
CREATE TRIGGER "raw_events_touch_delete" AFTER DELETE ON "raw_events"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "container_events_touch"();
