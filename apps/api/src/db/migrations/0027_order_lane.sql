ALTER TABLE "orders" ADD COLUMN "lane" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_lane" ON "orders" USING btree ("industry_id","lane");--> statement-breakpoint
-- The lanes of the orders placed before: as modules/orders/order-lane.ts writes them.
UPDATE "orders" o SET "lane" = CASE WHEN o.request_type = 2
    THEN coalesce((SELECT coalesce(nullif(s.city, ''), s.label) FROM order_stops s WHERE s.order_id = o.id AND s.kind = 'pickup' ORDER BY s.seq DESC LIMIT 1), '—')
      || ' → ' || (SELECT p.name FROM plants p WHERE p.id = o.plant_id)
    ELSE (SELECT p.name FROM plants p WHERE p.id = o.plant_id)
      || ' → ' || coalesce((SELECT coalesce(nullif(s.city, ''), s.label) FROM order_stops s WHERE s.order_id = o.id AND s.kind = 'drop' ORDER BY s.seq DESC LIMIT 1), '—') END;
