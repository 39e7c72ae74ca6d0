CREATE TABLE "indent_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"indent_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"industry_carrier_id" integer NOT NULL,
	"contract_id" integer,
	"rate_paise" bigint NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"vehicles_asked" integer,
	"vehicles_accepted" integer DEFAULT 0 NOT NULL,
	"offered_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "indents" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"number" text NOT NULL,
	"batch_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"plant_id" integer NOT NULL,
	"lane_id" integer NOT NULL,
	"request_type" integer NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"vehicles" integer NOT NULL,
	"accepted_vehicles" integer DEFAULT 0 NOT NULL,
	"spot_vehicles" integer DEFAULT 0 NOT NULL,
	"reporting_at" timestamp with time zone NOT NULL,
	"product_id" integer,
	"weight_tonnes" double precision,
	"remarks" text,
	"answer_minutes" integer NOT NULL,
	"rate_paise" bigint NOT NULL,
	"cancel_reason" text,
	"spot_request_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indents_vehicles" CHECK ("indents"."vehicles" >= "indents"."accepted_vehicles" + "indents"."spot_vehicles" and "indents"."accepted_vehicles" >= 0 and "indents"."spot_vehicles" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "indent_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "indent_allocation_id" integer;--> statement-breakpoint
ALTER TABLE "indent_allocations" ADD CONSTRAINT "indent_allocations_indent_id_indents_id_fk" FOREIGN KEY ("indent_id") REFERENCES "public"."indents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indent_allocations" ADD CONSTRAINT "indent_allocations_industry_carrier_id_industry_carriers_id_fk" FOREIGN KEY ("industry_carrier_id") REFERENCES "public"."industry_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indent_allocations" ADD CONSTRAINT "indent_allocations_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indent_allocations" ADD CONSTRAINT "indent_allocations_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indents" ADD CONSTRAINT "indents_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indents" ADD CONSTRAINT "indents_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indents" ADD CONSTRAINT "indents_lane_id_rfq_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."rfq_lanes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indents" ADD CONSTRAINT "indents_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indents" ADD CONSTRAINT "indents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indents" ADD CONSTRAINT "indents_spot_request_id_transport_requests_id_fk" FOREIGN KEY ("spot_request_id") REFERENCES "public"."transport_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indents" ADD CONSTRAINT "indents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "indent_allocations_seq" ON "indent_allocations" USING btree ("indent_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "indent_allocations_carrier" ON "indent_allocations" USING btree ("indent_id","industry_carrier_id");--> statement-breakpoint
CREATE INDEX "indent_allocations_link" ON "indent_allocations" USING btree ("industry_carrier_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "indent_allocations_one_offer" ON "indent_allocations" USING btree ("indent_id") WHERE "indent_allocations"."status" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "indents_number" ON "indents" USING btree ("industry_id","number");--> statement-breakpoint
CREATE INDEX "indents_list" ON "indents" USING btree ("industry_id","status","id");--> statement-breakpoint
CREATE INDEX "indents_lane" ON "indents" USING btree ("lane_id","reporting_at");--> statement-breakpoint
CREATE INDEX "indents_batch" ON "indents" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_indent_id_indents_id_fk" FOREIGN KEY ("indent_id") REFERENCES "public"."indents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_indent_allocation_id_indent_allocations_id_fk" FOREIGN KEY ("indent_allocation_id") REFERENCES "public"."indent_allocations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_indent" ON "orders" USING btree ("indent_id");