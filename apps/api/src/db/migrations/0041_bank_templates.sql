CREATE TABLE "shipper_books_settings" (
	"industry_id" integer PRIMARY KEY NOT NULL,
	"debit_account_name" text,
	"debit_account_number" text,
	"debit_ifsc" text,
	"bank_template" jsonb,
	"ledger_template" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipper_books_settings" ADD CONSTRAINT "shipper_books_settings_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipper_books_settings" ADD CONSTRAINT "shipper_books_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;