CREATE TABLE "upstream_request_budgets" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "upstream_request_budgets" ADD CONSTRAINT "upstream_request_budgets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
