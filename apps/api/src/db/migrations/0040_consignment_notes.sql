CREATE TABLE "consignment_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"note_date" date NOT NULL,
	"source" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consignment_notes" ADD CONSTRAINT "consignment_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_notes" ADD CONSTRAINT "consignment_notes_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_notes" ADD CONSTRAINT "consignment_notes_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_notes" ADD CONSTRAINT "consignment_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_notes_order" ON "consignment_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_notes_number" ON "consignment_notes" USING btree ("carrier_id","financial_year",upper("number"));