CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by" integer,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"number" text NOT NULL,
	"source" text NOT NULL,
	"request_id" integer,
	"bid_id" integer,
	"request_type" integer NOT NULL,
	"industry_carrier_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"price_basis" text NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"vehicle_number" text,
	"driver_name" text,
	"driver_mobile" text,
	"rejected_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_request_id_transport_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."transport_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_industry_carrier_id_industry_carriers_id_fk" FOREIGN KEY ("industry_carrier_id") REFERENCES "public"."industry_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number" ON "orders" USING btree ("industry_id","number");--> statement-breakpoint
CREATE INDEX "orders_list" ON "orders" USING btree ("industry_id","request_type","status");--> statement-breakpoint
CREATE INDEX "orders_carrier" ON "orders" USING btree ("industry_carrier_id");--> statement-breakpoint
CREATE INDEX "orders_request" ON "orders" USING btree ("request_id");