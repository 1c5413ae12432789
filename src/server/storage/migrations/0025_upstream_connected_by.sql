ALTER TABLE "upstream_connections" ADD COLUMN "connected_by" uuid;--> statement-breakpoint
ALTER TABLE "upstream_connections" ADD CONSTRAINT "upstream_connections_connected_by_accounts_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upstream_connections_connected_by" ON "upstream_connections" USING btree ("connected_by");
