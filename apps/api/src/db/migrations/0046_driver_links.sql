CREATE TABLE "driver_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"device_id" integer,
	"driver_phone" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"expires_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"last_position_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_device_id_tracking_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."tracking_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_links_token" ON "driver_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "driver_links_order" ON "driver_links" USING btree ("order_id");