CREATE TABLE "eway_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"number" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"distance_km" integer NOT NULL,
	"over_dimensional" boolean DEFAULT false NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"value_paise" bigint NOT NULL,
	"from_gstin" text NOT NULL,
	"to_gstin" text,
	"vehicle_number" text,
	"status" text DEFAULT 'active' NOT NULL,
	"extensions" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"created_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gate_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" integer,
	"vehicle_number_seen" text,
	"vehicle_mismatch" boolean DEFAULT false NOT NULL,
	"override_reason" text,
	"driver_checked" boolean,
	"gross_kg" double precision,
	"tare_kg" double precision,
	"net_kg" double precision,
	"seal_number" text,
	"invoice_number" text,
	"lr_number" text,
	"documents_present" jsonb,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"plant_id" integer,
	"address_id" integer,
	"stop_id" integer,
	"label" text NOT NULL,
	"city" text,
	"latitude" double precision,
	"longitude" double precision,
	"geofence_radius" integer
);
--> statement-breakpoint
CREATE TABLE "pods" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"version" integer NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_mobile" text,
	"shortage_qty" double precision DEFAULT 0 NOT NULL,
	"damage_qty" double precision DEFAULT 0 NOT NULL,
	"remarks" text,
	"document_id" integer,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pods_quantities" CHECK ("pods"."shortage_qty" >= 0 and "pods"."damage_qty" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "turnaround_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vehicle_mismatch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "weight_tonnes" double precision;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_events" ADD CONSTRAINT "gate_events_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_events" ADD CONSTRAINT "gate_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_events" ADD CONSTRAINT "gate_events_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_events" ADD CONSTRAINT "gate_events_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stops" ADD CONSTRAINT "order_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stops" ADD CONSTRAINT "order_stops_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stops" ADD CONSTRAINT "order_stops_address_id_party_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."party_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stops" ADD CONSTRAINT "order_stops_stop_id_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."stops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eway_bills_number" ON "eway_bills" USING btree ("number") WHERE "eway_bills"."status" = 'active';--> statement-breakpoint
CREATE INDEX "eway_bills_order" ON "eway_bills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "eway_bills_valid" ON "eway_bills" USING btree ("status","valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_events_once" ON "gate_events" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "gate_events_plant_day" ON "gate_events" USING btree ("plant_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_stops_seq" ON "order_stops" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "pods_version" ON "pods" USING btree ("order_id","version");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_plant_pickup" ON "orders" USING btree ("plant_id","pickup_at");--> statement-breakpoint
CREATE INDEX "orders_vehicle" ON "orders" USING btree ("vehicle_number");--> statement-breakpoint
-- Orders placed before the lane was kept on the order: copy it from their request, as the award now does.
INSERT INTO "order_stops" ("order_id", "seq", "kind", "plant_id", "address_id", "stop_id", "label", "city", "latitude", "longitude", "geofence_radius")
SELECT o.id, 0, 'pickup',
  CASE WHEN o.request_type = 2 THEN NULL ELSE p.id END,
  CASE WHEN o.request_type = 2 THEN a.id ELSE NULL END,
  NULL,
  CASE WHEN o.request_type = 2 THEN coalesce(a.label, 'Vendor') ELSE p.name END,
  CASE WHEN o.request_type = 2 THEN a.city ELSE p.city END,
  CASE WHEN o.request_type = 2 THEN a.latitude ELSE p.latitude END,
  CASE WHEN o.request_type = 2 THEN a.longitude ELSE p.longitude END,
  CASE WHEN o.request_type = 2 THEN NULL ELSE p.geofence_radius END
FROM orders o
JOIN plants p ON p.id = o.plant_id
LEFT JOIN transport_requests r ON r.id = o.request_id
LEFT JOIN party_addresses a ON a.id = r.pickup_address_id
WHERE NOT EXISTS (SELECT 1 FROM order_stops s WHERE s.order_id = o.id) AND (o.request_type <> 2 OR a.id IS NOT NULL);
--> statement-breakpoint
INSERT INTO "order_stops" ("order_id", "seq", "kind", "plant_id", "address_id", "stop_id", "label", "city", "latitude", "longitude", "geofence_radius")
SELECT o.id, 1 + d.seq, 'drop', NULL, d.address_id, d.stop_id,
  coalesce(a.label, st.name), coalesce(a.city, st.city), coalesce(a.latitude, st.latitude), coalesce(a.longitude, st.longitude), st.geofence_radius
FROM orders o
JOIN transport_requests r ON r.id = o.request_id
JOIN request_dropoffs d ON d.request_id = r.id
LEFT JOIN party_addresses a ON a.id = d.address_id
LEFT JOIN stops st ON st.id = d.stop_id
WHERE o.request_type <> 2 AND NOT EXISTS (SELECT 1 FROM order_stops s WHERE s.order_id = o.id AND s.kind = 'drop');
--> statement-breakpoint
INSERT INTO "order_stops" ("order_id", "seq", "kind", "plant_id", "label", "city", "latitude", "longitude", "geofence_radius")
SELECT o.id, 1, 'drop', p.id, p.name, p.city, p.latitude, p.longitude, p.geofence_radius
FROM orders o JOIN plants p ON p.id = o.plant_id
WHERE o.request_type = 2 AND NOT EXISTS (SELECT 1 FROM order_stops s WHERE s.order_id = o.id AND s.kind = 'drop');
--> statement-breakpoint
UPDATE "orders" o SET product_id = r.product_id, weight_tonnes = r.weight_tonnes / nullif(r.vehicle_count, 0)
FROM transport_requests r WHERE r.id = o.request_id AND o.weight_tonnes IS NULL;
