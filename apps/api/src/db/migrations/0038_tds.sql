-- TDS on freight (issue 33): the carrier's 194C(6) declarations and lower-deduction certificates,
-- and each payment's TDS decision.
CREATE TABLE "tds_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	"number" text NOT NULL,
	"rate_pct" double precision NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"limit_paise" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tds_certificates_valid" CHECK ("tds_certificates"."valid_from" <= "tds_certificates"."valid_to" and "tds_certificates"."rate_pct" >= 0 and "tds_certificates"."rate_pct" < 2 and "tds_certificates"."limit_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "tds_declarations" (
	"carrier_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"carriages" integer NOT NULL,
	"declared_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tds_declarations_carrier_id_financial_year_pk" PRIMARY KEY("carrier_id","financial_year"),
	CONSTRAINT "tds_declarations_carriages" CHECK ("tds_declarations"."carriages" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_positive";--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "base_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_covered_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_rate_pct" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "tds_rule" text DEFAULT 'below_threshold' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "certificate_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "certificate_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "payee_pan" text;--> statement-breakpoint
ALTER TABLE "tds_certificates" ADD CONSTRAINT "tds_certificates_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_certificates" ADD CONSTRAINT "tds_certificates_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_certificates" ADD CONSTRAINT "tds_certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_declarations" ADD CONSTRAINT "tds_declarations_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tds_declarations" ADD CONSTRAINT "tds_declarations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tds_certificates_number" ON "tds_certificates" USING btree ("carrier_id","industry_id",upper("number"));--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_certificate_id_tds_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."tds_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Payments before TDS: their freight without GST (their share of the approved taxable value), nothing deducted.
UPDATE "invoice_payments" p SET "base_paise" = CASE WHEN coalesce(i."approved_paise", 0) > 0
  THEN round(p."amount_paise"::numeric * coalesce(i."approved_taxable_paise", i."taxable_paise") / i."approved_paise")
  ELSE p."amount_paise" END
FROM "invoices" i WHERE i."id" = p."invoice_id";--> statement-breakpoint
CREATE INDEX "invoice_payments_year" ON "invoice_payments" USING btree ("industry_id","paid_on");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_positive" CHECK ("invoice_payments"."amount_paise" > 0 and "invoice_payments"."tds_paise" >= 0 and "invoice_payments"."tds_paise" < "invoice_payments"."amount_paise");