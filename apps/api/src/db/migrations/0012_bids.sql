CREATE TABLE "bid_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"vehicles" integer NOT NULL,
	"idempotency_key" text,
	"by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"industry_carrier_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"vehicles" integer NOT NULL,
	"bid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revisions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_positive" CHECK ("bids"."amount_paise" > 0 and "bids"."vehicles" > 0)
);
--> statement-breakpoint
ALTER TABLE "bid_revisions" ADD CONSTRAINT "bid_revisions_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_revisions" ADD CONSTRAINT "bid_revisions_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_request_id_transport_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."transport_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_industry_carrier_id_industry_carriers_id_fk" FOREIGN KEY ("industry_carrier_id") REFERENCES "public"."industry_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bid_revisions_idempotency" ON "bid_revisions" USING btree ("bid_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_request_carrier" ON "bids" USING btree ("request_id","industry_carrier_id");--> statement-breakpoint
CREATE INDEX "bids_rank" ON "bids" USING btree ("request_id","amount_paise","bid_at");