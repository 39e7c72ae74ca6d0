-- The carrier portal reads a carrier's orders at every shipper by the carrier itself (orders_by_carrier…),
-- newest first from one index, where the rule by its links (industry_carrier_id in the carrier's links)
-- read every order of each link and sorted them (23.6 ms a page for a carrier with 126,900 orders).
-- An order's carrier is its link's carrier, always: the database keeps it (the triggers below), the app never writes it.
ALTER TABLE "orders" ADD COLUMN "carrier_id" integer;--> statement-breakpoint
UPDATE "orders" o SET "carrier_id" = ic."carrier_id" FROM "industry_carriers" ic WHERE ic."id" = o."industry_carrier_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "carrier_id" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION orders_carrier_of_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.carrier_id := (SELECT ic.carrier_id FROM industry_carriers ic WHERE ic.id = NEW.industry_carrier_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_carrier_of_link BEFORE INSERT OR UPDATE OF industry_carrier_id, carrier_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_carrier_of_link();
--> statement-breakpoint
CREATE FUNCTION industry_carriers_orders_carrier() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET carrier_id = NEW.carrier_id WHERE industry_carrier_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER industry_carriers_orders_carrier AFTER UPDATE OF carrier_id ON industry_carriers
  FOR EACH ROW WHEN (OLD.carrier_id IS DISTINCT FROM NEW.carrier_id) EXECUTE FUNCTION industry_carriers_orders_carrier();
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_by_carrier" ON "orders" USING btree ("carrier_id","id");--> statement-breakpoint
CREATE INDEX "orders_by_carrier_status" ON "orders" USING btree ("carrier_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_by_carrier_pickup" ON "orders" USING btree ("carrier_id","pickup_at","id");--> statement-breakpoint
-- Every order changed: the planner learns the new column now, not at the next autovacuum (which clears the dead rows).
ANALYZE "orders";
