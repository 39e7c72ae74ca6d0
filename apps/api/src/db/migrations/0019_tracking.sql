CREATE TABLE "order_tracking" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	"method" text NOT NULL,
	"device_id" integer,
	"sim_number" text,
	"sim_operator" text,
	"consent_state" text,
	"consent_updated_at" timestamp with time zone,
	"consent_expires_at" timestamp with time zone,
	"vehicle_number" text,
	"fnr" text,
	"provider_state" jsonb,
	"last_polled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"device_id" integer,
	"order_id" integer,
	"industry_id" integer,
	"source" text NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"speed_kmh" real,
	"bearing" real,
	"altitude" real,
	"accuracy" real,
	"battery" real,
	"valid" boolean DEFAULT true NOT NULL,
	"provider_ref" text,
	"place_name" text,
	"attributes" jsonb,
	CONSTRAINT "positions_pk" PRIMARY KEY("id","fix_time")
);
--> statement-breakpoint
CREATE TABLE "tracking_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"industry_id" integer,
	"carrier_id" integer,
	"platform_device_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"details" jsonb,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_last_positions" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"device_id" integer,
	"source" text NOT NULL,
	"fix_time" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"speed_kmh" real,
	"bearing" real,
	"battery" real,
	"place_name" text,
	"signal_at" timestamp with time zone NOT NULL,
	"anchor_latitude" double precision NOT NULL,
	"anchor_longitude" double precision NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"eta_at" timestamp with time zone,
	"km_left" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	"kind" text DEFAULT 'live' NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_device_id_tracking_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."tracking_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking" ADD CONSTRAINT "order_tracking_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_devices" ADD CONSTRAINT "tracking_devices_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_devices" ADD CONSTRAINT "tracking_devices_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_devices" ADD CONSTRAINT "tracking_devices_platform_device_id_devices_id_fk" FOREIGN KEY ("platform_device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_devices" ADD CONSTRAINT "tracking_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_last_positions" ADD CONSTRAINT "tracking_last_positions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_tracking_order" ON "order_tracking" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_tracking_device_active" ON "order_tracking" USING btree ("device_id") WHERE "order_tracking"."stopped_at" is null and "order_tracking"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "order_tracking_active" ON "order_tracking" USING btree ("method","industry_id") WHERE "order_tracking"."stopped_at" is null;--> statement-breakpoint
CREATE INDEX "positions_order_time" ON "positions" USING btree ("order_id","fix_time");--> statement-breakpoint
CREATE INDEX "positions_time_brin" ON "positions" USING brin ("fix_time");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_device_fix" ON "positions" USING btree ("device_id","fix_time") WHERE "positions"."device_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "positions_provider_ref" ON "positions" USING btree ("order_id","source","provider_ref","fix_time") WHERE "positions"."provider_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_devices_identifier" ON "tracking_devices" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_devices_platform" ON "tracking_devices" USING btree ("platform_device_id");--> statement-breakpoint
CREATE INDEX "tracking_devices_industry" ON "tracking_devices" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "tracking_devices_carrier" ON "tracking_devices" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "tracking_events_order" ON "tracking_events" USING btree ("order_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_open" ON "tracking_events" USING btree ("order_id","kind","ref_id") WHERE "tracking_events"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "tracking_last_positions_industry" ON "tracking_last_positions" USING btree ("industry_id","fix_time");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_token" ON "tracking_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tracking_links_order" ON "tracking_links" USING btree ("order_id");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot say it): on PostgreSQL, positions is partitioned by week of
-- fix_time, with the same columns, key and indexes as above (the schema and its snapshot describe
-- the parent). Partitions from 26 weeks back (the default retention of 180 days) to 4 weeks ahead
-- are made here; the tracking-partitions job keeps making them ahead and drops those past the
-- retention. PGlite (one process, a laptop's data) keeps the plain table with its BRIN index.
DO $$
DECLARE
  week timestamptz;
BEGIN
  IF version() LIKE '%PGlite%' THEN
    RETURN;
  END IF;
  DROP TABLE "positions";
  CREATE TABLE "positions" (
    "id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
    "device_id" integer,
    "order_id" integer,
    "industry_id" integer,
    "source" text NOT NULL,
    "fix_time" timestamp with time zone NOT NULL,
    "received_at" timestamp with time zone DEFAULT now() NOT NULL,
    "latitude" double precision,
    "longitude" double precision,
    "speed_kmh" real,
    "bearing" real,
    "altitude" real,
    "accuracy" real,
    "battery" real,
    "valid" boolean DEFAULT true NOT NULL,
    "provider_ref" text,
    "place_name" text,
    "attributes" jsonb,
    CONSTRAINT "positions_pk" PRIMARY KEY("id","fix_time")
  ) PARTITION BY RANGE ("fix_time");
  CREATE INDEX "positions_order_time" ON "positions" USING btree ("order_id","fix_time");
  CREATE INDEX "positions_time_brin" ON "positions" USING brin ("fix_time");
  CREATE UNIQUE INDEX "positions_device_fix" ON "positions" USING btree ("device_id","fix_time") WHERE "positions"."device_id" is not null;
  CREATE UNIQUE INDEX "positions_provider_ref" ON "positions" USING btree ("order_id","source","provider_ref","fix_time") WHERE "positions"."provider_ref" is not null;
  week := (date_trunc('week', now() AT TIME ZONE 'UTC') - interval '26 weeks') AT TIME ZONE 'UTC';
  WHILE week < now() + interval '4 weeks' LOOP
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF "positions" FOR VALUES FROM (%L) TO (%L)',
      'positions_p' || to_char(week AT TIME ZONE 'UTC', 'YYYYMMDD'), week, week + interval '7 days');
    week := week + interval '7 days';
  END LOOP;
END $$;
