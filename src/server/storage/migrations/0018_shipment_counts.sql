CREATE TABLE "shipment_counts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_counts" ADD CONSTRAINT "shipment_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;