CREATE TABLE "emission_factor_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer,
	"label" text NOT NULL,
	"valid_from" date NOT NULL,
	"note" text,
	"factors" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_emissions" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"request_type" integer NOT NULL,
	"lane" text NOT NULL,
	"month" date NOT NULL,
	"mode" text,
	"wtw_kg" double precision,
	"tonne_km" double precision,
	"distance_km" double precision,
	"factor_version_id" integer,
	"figure" jsonb,
	"unavailable" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_types" ADD COLUMN "fuel" text DEFAULT 'diesel' NOT NULL;--> statement-breakpoint
ALTER TABLE "emission_factor_versions" ADD CONSTRAINT "emission_factor_versions_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factor_versions" ADD CONSTRAINT "emission_factor_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_emissions" ADD CONSTRAINT "order_emissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_emissions" ADD CONSTRAINT "order_emissions_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_emissions" ADD CONSTRAINT "order_emissions_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_emissions" ADD CONSTRAINT "order_emissions_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_emissions" ADD CONSTRAINT "order_emissions_factor_version_id_emission_factor_versions_id_fk" FOREIGN KEY ("factor_version_id") REFERENCES "public"."emission_factor_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emission_factor_versions_label" ON "emission_factor_versions" USING btree (coalesce("industry_id", 0),"label");--> statement-breakpoint
CREATE INDEX "emission_factor_versions_from" ON "emission_factor_versions" USING btree ("industry_id","valid_from");--> statement-breakpoint
CREATE INDEX "order_emissions_month" ON "order_emissions" USING btree ("industry_id","month");--> statement-breakpoint
CREATE INDEX "order_emissions_carrier" ON "order_emissions" USING btree ("carrier_id","month");--> statement-breakpoint
-- The Indian default factor version (packages/shared/src/emission-defaults.ts; its sources in docs/emissions.md).
INSERT INTO "emission_factor_versions" ("industry_id", "label", "valid_from", "note", "factors") VALUES
  (NULL, 'IN-DEFAULT-2026', '2026-04-01', 'Indian defaults shipped with Freightdesk; review before filing (docs/emissions.md)', '{"fuel.diesel.ttw":{"value":2.69,"unit":"kg CO2e/l","source":"IPCC 2006 Guidelines Vol. 2 Ch. 3 (Tables 3.2.1, 3.2.2), AR5 GWP100 (CH4 28, N2O 265)","sourceDate":"2006-01-01"},"fuel.diesel.wtt":{"value":0.61,"unit":"kg CO2e/l","source":"GLEC Framework v3.0 (Smart Freight Centre, 2023), fuel emission factors, well-to-tank","sourceDate":"2023-09-01"},"fuel.cng.ttw":{"value":2.85,"unit":"kg CO2e/kg","source":"IPCC 2006 Guidelines Vol. 2 Ch. 3 (Tables 3.2.1, 3.2.2), AR5 GWP100 (CH4 28, N2O 265)","sourceDate":"2006-01-01"},"fuel.cng.wtt":{"value":0.55,"unit":"kg CO2e/kg","source":"GLEC Framework v3.0 (Smart Freight Centre, 2023), fuel emission factors, well-to-tank","sourceDate":"2023-09-01"},"road.lcv.diesel.full":{"value":0.125,"unit":"l/km","source":"Malik & Tiwari, Energy Policy 108 (2017) 121-133: interstate freight vehicles fuel economy on Indian National Highways","sourceDate":"2017-08-01"},"road.lcv.diesel.empty":{"value":0.094,"unit":"l/km","source":"Freightdesk assumption (record 0308): empty consumption 75% of laden, GLEC Framework v3 linear load model","sourceDate":"2023-09-01"},"road.lcv.cng.full":{"value":0.107,"unit":"kg/km","source":"Derived (record 0308): diesel l/km x 35.8 MJ/l / 48.0 MJ/kg CNG (IPCC 2006 NCVs) x 1.15 spark-ignition penalty","sourceDate":"2006-01-01"},"road.lcv.cng.empty":{"value":0.08,"unit":"kg/km","source":"Derived (record 0308): diesel l/km x 35.8 MJ/l / 48.0 MJ/kg CNG (IPCC 2006 NCVs) x 1.15 spark-ignition penalty","sourceDate":"2006-01-01"},"road.mcv.diesel.full":{"value":0.222,"unit":"l/km","source":"Malik & Tiwari, Energy Policy 108 (2017) 121-133: interstate freight vehicles fuel economy on Indian National Highways","sourceDate":"2017-08-01"},"road.mcv.diesel.empty":{"value":0.167,"unit":"l/km","source":"Freightdesk assumption (record 0308): empty consumption 75% of laden, GLEC Framework v3 linear load model","sourceDate":"2023-09-01"},"road.mcv.cng.full":{"value":0.19,"unit":"kg/km","source":"Derived (record 0308): diesel l/km x 35.8 MJ/l / 48.0 MJ/kg CNG (IPCC 2006 NCVs) x 1.15 spark-ignition penalty","sourceDate":"2006-01-01"},"road.mcv.cng.empty":{"value":0.143,"unit":"kg/km","source":"Derived (record 0308): diesel l/km x 35.8 MJ/l / 48.0 MJ/kg CNG (IPCC 2006 NCVs) x 1.15 spark-ignition penalty","sourceDate":"2006-01-01"},"road.hcv.diesel.full":{"value":0.27,"unit":"l/km","source":"Malik & Tiwari, Energy Policy 108 (2017) 121-133: interstate freight vehicles fuel economy on Indian National Highways","sourceDate":"2017-08-01"},"road.hcv.diesel.empty":{"value":0.203,"unit":"l/km","source":"Freightdesk assumption (record 0308): empty consumption 75% of laden, GLEC Framework v3 linear load model","sourceDate":"2023-09-01"},"road.hcv.cng.full":{"value":0.232,"unit":"kg/km","source":"Derived (record 0308): diesel l/km x 35.8 MJ/l / 48.0 MJ/kg CNG (IPCC 2006 NCVs) x 1.15 spark-ignition penalty","sourceDate":"2006-01-01"},"road.hcv.cng.empty":{"value":0.174,"unit":"kg/km","source":"Derived (record 0308): diesel l/km x 35.8 MJ/l / 48.0 MJ/kg CNG (IPCC 2006 NCVs) x 1.15 spark-ignition penalty","sourceDate":"2006-01-01"},"road.mav.diesel.full":{"value":0.333,"unit":"l/km","source":"Malik & Tiwari, Energy Policy 108 (2017) 121-133: interstate freight vehicles fuel economy on Indian National Highways","sourceDate":"2017-08-01"},"road.mav.diesel.empty":{"value":0.25,"unit":"l/km","source":"Freightdesk assumption (record 0308): empty consumption 75% of laden, GLEC Framework v3 linear load model","sourceDate":"2023-09-01"},"road.mav.cng.full":{"value":0.286,"unit":"kg/km","source":"Derived (record 0308): diesel l/km x 35.8 MJ/l / 48.0 MJ/kg CNG (IPCC 2006 NCVs) x 1.15 spark-ignition penalty","sourceDate":"2006-01-01"},"road.mav.cng.empty":{"value":0.214,"unit":"kg/km","source":"Derived (record 0308): diesel l/km x 35.8 MJ/l / 48.0 MJ/kg CNG (IPCC 2006 NCVs) x 1.15 spark-ignition penalty","sourceDate":"2006-01-01"},"road.empty_share":{"value":0.3,"unit":"share of km","source":"NITI Aayog & RMI, Fast Tracking Freight in India (2021): empty running of Indian trucks","sourceDate":"2021-06-01"},"rail.wtw":{"value":9,"unit":"g CO2e/tkm","source":"Ministry of Railways, Rail Green Points (FOIS): rail 0.009 kg CO2 per tonne-km","sourceDate":"2022-03-21"}}'::jsonb);
