CREATE TABLE "plan_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"invoice_date" date NOT NULL,
	"plan_name" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"sac" text NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"issued" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_document_series" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "platform_document_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "taxable_paise" bigint;--> statement-breakpoint
UPDATE "payments" SET "taxable_paise" = "amount_paise";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "sgst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "igst_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoices_payment" ON "plan_invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoices_number" ON "plan_invoices" USING btree ("financial_year","number");--> statement-breakpoint
CREATE INDEX "plan_invoices_industry" ON "plan_invoices" USING btree ("industry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_plan_utr" ON "payments" USING btree (upper("provider_ref")) WHERE "payments"."purpose" = 'plan' and "payments"."status" = 'paid';