-- Device trust (issue 31): how each tracking device proves who it is (issued, typed, simulated), its
-- health by reason, positions kept but filtered out of use, and the dwell before tracking moves an order.
-- Devices registered before keep their identifier as typed: the OsmAnd port no longer takes them (a
-- phone is paired again for an issued identifier); a Traccar server's forwarding still does.
CREATE TABLE "tracking_device_counts" (
	"device_id" integer NOT NULL,
	"reason" text NOT NULL,
	"count" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tracking_device_counts_pk" PRIMARY KEY("device_id","reason")
);
--> statement-breakpoint
ALTER TABLE "tracking_settings" ADD COLUMN "arrival_dwell_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "filtered" text;--> statement-breakpoint
ALTER TABLE "tracking_devices" ADD COLUMN "credential" text DEFAULT 'typed' NOT NULL;--> statement-breakpoint
ALTER TABLE "tracking_devices" ADD COLUMN "hint" text;--> statement-breakpoint
ALTER TABLE "tracking_device_counts" ADD CONSTRAINT "tracking_device_counts_device_id_tracking_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."tracking_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The demo's phone is moved by the server's simulator: nothing from outside speaks for it.
UPDATE "tracking_devices" SET "credential" = 'simulated' WHERE "identifier" LIKE 'DEMO-%';
