CREATE TABLE "counters" (
	"industry_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "counters_industry_id_name_pk" PRIMARY KEY("industry_id","name")
);
--> statement-breakpoint
CREATE TABLE "request_dropoffs" (
	"request_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"address_id" integer,
	"stop_id" integer,
	CONSTRAINT "request_dropoffs_request_id_seq_pk" PRIMARY KEY("request_id","seq")
);
--> statement-breakpoint
CREATE TABLE "request_invite_groups" (
	"request_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "request_invite_groups_request_id_group_id_pk" PRIMARY KEY("request_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "request_invites" (
	"request_id" integer NOT NULL,
	"industry_carrier_id" integer NOT NULL,
	CONSTRAINT "request_invites_request_id_industry_carrier_id_pk" PRIMARY KEY("request_id","industry_carrier_id")
);
--> statement-breakpoint
CREATE TABLE "transport_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"number" text NOT NULL,
	"request_type" integer NOT NULL,
	"status" text NOT NULL,
	"plant_id" integer NOT NULL,
	"pickup_address_id" integer,
	"product_id" integer,
	"package_id" integer,
	"quantity" double precision,
	"weight_tonnes" double precision NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"vehicle_count" integer NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"bid_start_at" timestamp with time zone NOT NULL,
	"bid_end_at" timestamp with time zone NOT NULL,
	"target_price_paise" integer,
	"price_basis" text DEFAULT 'trip' NOT NULL,
	"hide_material" boolean DEFAULT false NOT NULL,
	"remarks" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transport_requests_type" CHECK ("transport_requests"."request_type" in (1, 2)),
	CONSTRAINT "transport_requests_vehicles" CHECK ("transport_requests"."vehicle_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_dropoffs" ADD CONSTRAINT "request_dropoffs_request_id_transport_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."transport_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_dropoffs" ADD CONSTRAINT "request_dropoffs_address_id_party_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."party_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_dropoffs" ADD CONSTRAINT "request_dropoffs_stop_id_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."stops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_invite_groups" ADD CONSTRAINT "request_invite_groups_request_id_transport_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."transport_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_invite_groups" ADD CONSTRAINT "request_invite_groups_group_id_carrier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."carrier_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_invites" ADD CONSTRAINT "request_invites_request_id_transport_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."transport_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_invites" ADD CONSTRAINT "request_invites_industry_carrier_id_industry_carriers_id_fk" FOREIGN KEY ("industry_carrier_id") REFERENCES "public"."industry_carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_requests" ADD CONSTRAINT "transport_requests_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_requests" ADD CONSTRAINT "transport_requests_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_requests" ADD CONSTRAINT "transport_requests_pickup_address_id_party_addresses_id_fk" FOREIGN KEY ("pickup_address_id") REFERENCES "public"."party_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_requests" ADD CONSTRAINT "transport_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_requests" ADD CONSTRAINT "transport_requests_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_requests" ADD CONSTRAINT "transport_requests_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_requests" ADD CONSTRAINT "transport_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transport_requests_number" ON "transport_requests" USING btree ("industry_id","number");--> statement-breakpoint
CREATE INDEX "transport_requests_list" ON "transport_requests" USING btree ("industry_id","request_type","status");