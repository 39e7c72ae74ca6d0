CREATE TABLE "gst_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"rate_pct" double precision NOT NULL,
	"effective_from" date NOT NULL,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gst_rates" ADD CONSTRAINT "gst_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_rates_scheme_day" ON "gst_rates" USING btree ("scheme","effective_from");--> statement-breakpoint
CREATE INDEX "gst_rates_lookup" ON "gst_rates" USING btree ("scheme","effective_from");