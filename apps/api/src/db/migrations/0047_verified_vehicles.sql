CREATE TABLE "register_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"register" text NOT NULL,
	"number" text NOT NULL,
	"documents" jsonb NOT NULL,
	"status" text,
	"holder_name" text,
	"classes" text,
	"source" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_expiry_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"register" text NOT NULL,
	"number" text NOT NULL,
	"doc" text NOT NULL,
	"valid_to" date NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_id" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "driver_licence_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "driver_dob" date;--> statement-breakpoint
ALTER TABLE "register_expiry_notices" ADD CONSTRAINT "register_expiry_notices_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_settings" ADD CONSTRAINT "verification_settings_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_settings" ADD CONSTRAINT "verification_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "register_checks_number" ON "register_checks" USING btree ("register","number");--> statement-breakpoint
CREATE UNIQUE INDEX "register_expiry_notices_once" ON "register_expiry_notices" USING btree ("carrier_id","register","number","doc","valid_to","day");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_settings_industry" ON "verification_settings" USING btree ("industry_id");