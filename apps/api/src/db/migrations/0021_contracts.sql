CREATE TABLE "contract_lane_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_lane_id" integer NOT NULL,
	"rate_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_lanes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"rfq_lane_id" integer NOT NULL,
	"share_pct" integer NOT NULL,
	"rate_paise" bigint NOT NULL,
	CONSTRAINT "contract_lanes_share" CHECK ("contract_lanes"."share_pct" between 1 and 100),
	CONSTRAINT "contract_lanes_rate" CHECK ("contract_lanes"."rate_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"number" text NOT NULL,
	"rfq_id" integer,
	"plant_id" integer NOT NULL,
	"industry_carrier_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"sla_text" text,
	"terminated_at" timestamp with time zone,
	"terminated_by" integer,
	"termination_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfq_invites" (
	"rfq_id" integer NOT NULL,
	"industry_carrier_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfq_lanes" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfq_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"origin_kind" text NOT NULL,
	"origin_id" integer NOT NULL,
	"origin_label" text NOT NULL,
	"destination_kind" text NOT NULL,
	"destination_id" integer NOT NULL,
	"destination_label" text NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"trips_per_month" integer NOT NULL,
	"product_id" integer,
	"weight_tonnes" double precision,
	"benchmark_paise" bigint
);
--> statement-breakpoint
CREATE TABLE "rfq_quote_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"amount_paise" bigint,
	"declined" boolean DEFAULT false NOT NULL,
	"by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfq_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfq_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"lane_id" integer NOT NULL,
	"industry_carrier_id" integer NOT NULL,
	"amount_paise" bigint,
	"declined" boolean DEFAULT false NOT NULL,
	"quoted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfq_quotes_amount" CHECK ("rfq_quotes"."declined" or "rfq_quotes"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "rfq_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfq_id" integer NOT NULL,
	"number" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"lane_ids" integer[],
	"carrier_link_ids" integer[],
	"show_rank" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"plant_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"hide_material" boolean DEFAULT false NOT NULL,
	"remarks" text,
	"round" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfqs_period" CHECK ("rfqs"."period_to" >= "rfqs"."period_from")
);
--> statement-breakpoint
ALTER TABLE "contract_lane_rates" ADD CONSTRAINT "contract_lane_rates_contract_lane_id_contract_lanes_id_fk" FOREIGN KEY ("contract_lane_id") REFERENCES "public"."contract_lanes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_lane_rates" ADD CONSTRAINT "contract_lane_rates_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_lanes" ADD CONSTRAINT "contract_lanes_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_lanes" ADD CONSTRAINT "contract_lanes_rfq_lane_id_rfq_lanes_id_fk" FOREIGN KEY ("rfq_lane_id") REFERENCES "public"."rfq_lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_industry_carrier_id_industry_carriers_id_fk" FOREIGN KEY ("industry_carrier_id") REFERENCES "public"."industry_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_terminated_by_users_id_fk" FOREIGN KEY ("terminated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_invites" ADD CONSTRAINT "rfq_invites_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_invites" ADD CONSTRAINT "rfq_invites_industry_carrier_id_industry_carriers_id_fk" FOREIGN KEY ("industry_carrier_id") REFERENCES "public"."industry_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_lanes" ADD CONSTRAINT "rfq_lanes_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_lanes" ADD CONSTRAINT "rfq_lanes_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_lanes" ADD CONSTRAINT "rfq_lanes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quote_revisions" ADD CONSTRAINT "rfq_quote_revisions_quote_id_rfq_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."rfq_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quote_revisions" ADD CONSTRAINT "rfq_quote_revisions_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quotes" ADD CONSTRAINT "rfq_quotes_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quotes" ADD CONSTRAINT "rfq_quotes_round_id_rfq_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rfq_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quotes" ADD CONSTRAINT "rfq_quotes_lane_id_rfq_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."rfq_lanes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quotes" ADD CONSTRAINT "rfq_quotes_industry_carrier_id_industry_carriers_id_fk" FOREIGN KEY ("industry_carrier_id") REFERENCES "public"."industry_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_quotes" ADD CONSTRAINT "rfq_quotes_quoted_by_users_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_rounds" ADD CONSTRAINT "rfq_rounds_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_rounds" ADD CONSTRAINT "rfq_rounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_lane_rates_lane" ON "contract_lane_rates" USING btree ("contract_lane_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_lanes_one" ON "contract_lanes" USING btree ("contract_id","rfq_lane_id");--> statement-breakpoint
CREATE INDEX "contract_lanes_lane" ON "contract_lanes" USING btree ("rfq_lane_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_number" ON "contracts" USING btree ("industry_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_rfq_carrier" ON "contracts" USING btree ("rfq_id","industry_carrier_id");--> statement-breakpoint
CREATE INDEX "contracts_list" ON "contracts" USING btree ("industry_id","status","id");--> statement-breakpoint
CREATE INDEX "contracts_carrier" ON "contracts" USING btree ("industry_carrier_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_invites_pk" ON "rfq_invites" USING btree ("rfq_id","industry_carrier_id");--> statement-breakpoint
CREATE INDEX "rfq_invites_carrier" ON "rfq_invites" USING btree ("industry_carrier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_lanes_seq" ON "rfq_lanes" USING btree ("rfq_id","seq");--> statement-breakpoint
CREATE INDEX "rfq_quote_revisions_quote" ON "rfq_quote_revisions" USING btree ("quote_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_quotes_one" ON "rfq_quotes" USING btree ("round_id","lane_id","industry_carrier_id");--> statement-breakpoint
CREATE INDEX "rfq_quotes_lane" ON "rfq_quotes" USING btree ("rfq_id","lane_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_rounds_number" ON "rfq_rounds" USING btree ("rfq_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "rfqs_number" ON "rfqs" USING btree ("industry_id","number");--> statement-breakpoint
CREATE INDEX "rfqs_list" ON "rfqs" USING btree ("industry_id","status","id");