CREATE TABLE "staff_business_units" (
	"user_id" integer NOT NULL,
	"business_unit_id" integer NOT NULL,
	CONSTRAINT "staff_business_units_user_id_business_unit_id_pk" PRIMARY KEY("user_id","business_unit_id")
);
--> statement-breakpoint
CREATE TABLE "staff_plants" (
	"user_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	CONSTRAINT "staff_plants_user_id_plant_id_pk" PRIMARY KEY("user_id","plant_id")
);
--> statement-breakpoint
ALTER TABLE "staff_business_units" ADD CONSTRAINT "staff_business_units_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_business_units" ADD CONSTRAINT "staff_business_units_business_unit_id_business_units_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_plants" ADD CONSTRAINT "staff_plants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_plants" ADD CONSTRAINT "staff_plants_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE no action ON UPDATE no action;