CREATE TABLE "route_masters" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"name" text NOT NULL,
	"origin_plant_id" integer,
	"origin_stop_id" integer,
	"distance_km" double precision NOT NULL,
	"transit_hours" double precision NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_points" (
	"route_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"role" text NOT NULL,
	"stop_id" integer NOT NULL,
	CONSTRAINT "route_points_route_id_seq_pk" PRIMARY KEY("route_id","seq")
);
--> statement-breakpoint
ALTER TABLE "route_masters" ADD CONSTRAINT "route_masters_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_masters" ADD CONSTRAINT "route_masters_origin_plant_id_plants_id_fk" FOREIGN KEY ("origin_plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_masters" ADD CONSTRAINT "route_masters_origin_stop_id_stops_id_fk" FOREIGN KEY ("origin_stop_id") REFERENCES "public"."stops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_points" ADD CONSTRAINT "route_points_route_id_route_masters_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."route_masters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_points" ADD CONSTRAINT "route_points_stop_id_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."stops"("id") ON DELETE no action ON UPDATE no action;