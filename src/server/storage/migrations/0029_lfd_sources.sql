ALTER TABLE "containers" ADD COLUMN "lfd_sources" jsonb;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "pickup_lfd_source" text;--> statement-breakpoint
ALTER TABLE "containers" ADD COLUMN "pickup_lfd_checked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "containers" SET "pickup_lfd_source" = CASE
  WHEN "import_deadlines"->>'pickup_lfd_rail' IS NOT NULL THEN 'rail'
  WHEN "import_deadlines"->>'pickup_lfd_terminal' IS NOT NULL THEN 'terminal'
  WHEN "import_deadlines"->>'pickup_lfd_line' IS NOT NULL THEN 'line' END,
  "pickup_lfd_checked_at" = "terminal_checked_at"
  WHERE "pickup_lfd" IS NOT NULL;
