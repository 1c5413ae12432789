CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"api_key_sealed" text NOT NULL,
	"access" text NOT NULL,
	"demo" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"idle_until" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_idle_until_idx" ON "sessions" USING btree ("idle_until");--> statement-breakpoint
CREATE INDEX "sessions_eviction_idx" ON "sessions" USING btree (("used_at" is not null),coalesce("used_at", "created_at"));
