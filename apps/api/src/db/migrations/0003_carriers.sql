CREATE TABLE "carrier_group_members" (
	"group_id" integer NOT NULL,
	"industry_carrier_id" integer NOT NULL,
	CONSTRAINT "carrier_group_members_group_id_industry_carrier_id_pk" PRIMARY KEY("group_id","industry_carrier_id")
);
--> statement-breakpoint
CREATE TABLE "carrier_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "pincode" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "fleet_size" integer;--> statement-breakpoint
ALTER TABLE "carrier_group_members" ADD CONSTRAINT "carrier_group_members_group_id_carrier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."carrier_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_group_members" ADD CONSTRAINT "carrier_group_members_industry_carrier_id_industry_carriers_id_fk" FOREIGN KEY ("industry_carrier_id") REFERENCES "public"."industry_carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_groups" ADD CONSTRAINT "carrier_groups_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_groups_industry_name" ON "carrier_groups" USING btree ("industry_id","name");