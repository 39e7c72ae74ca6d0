ALTER TABLE "orders" ADD COLUMN "eway_covered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eway_extended" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eway_active_until" timestamp with time zone[];--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eway_expired_on_road" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- An order's e-way bill facts (the compliance report's figures), one rule for the triggers and the backfill.
-- A new order has no bills (they reference it): the columns' defaults are its facts until a bill or a gate out.
CREATE FUNCTION order_eway_facts(p_order integer, p_gate_out timestamptz, p_delivered timestamptz,
  OUT covered boolean, OUT extended integer, OUT active_until timestamptz[], OUT expired_on_road integer)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(bool_or(e.generated_at <= p_gate_out AND e.valid_until >= p_gate_out
           AND (e.status = 'active' OR e.cancelled_at > p_gate_out)), false),
    (count(*) FILTER (WHERE e.extensions > 0))::int,
    array_agg(e.valid_until ORDER BY e.valid_until) FILTER (WHERE e.status = 'active'),
    (count(*) FILTER (WHERE e.status = 'active' AND e.valid_until > p_gate_out AND e.valid_until < p_delivered))::int
  FROM eway_bills e WHERE e.order_id = p_order
$$;
--> statement-breakpoint
CREATE FUNCTION orders_eway_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT f.covered, f.extended, f.active_until, f.expired_on_road
    INTO NEW.eway_covered, NEW.eway_extended, NEW.eway_active_until, NEW.eway_expired_on_road
    FROM order_eway_facts(NEW.id, NEW.gate_out_at, NEW.delivered_at) f;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_eway_facts_update BEFORE UPDATE OF gate_out_at, delivered_at ON orders
  FOR EACH ROW WHEN (OLD.gate_out_at IS DISTINCT FROM NEW.gate_out_at OR OLD.delivered_at IS DISTINCT FROM NEW.delivered_at)
  EXECUTE FUNCTION orders_eway_facts();
--> statement-breakpoint
CREATE FUNCTION eway_bills_order_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o SET (eway_covered, eway_extended, eway_active_until, eway_expired_on_road) =
      (SELECT f.covered, f.extended, f.active_until, f.expired_on_road FROM order_eway_facts(o.id, o.gate_out_at, o.delivered_at) f)
    WHERE o.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.order_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.order_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER eway_bills_order_facts AFTER INSERT OR UPDATE OR DELETE ON eway_bills
  FOR EACH ROW EXECUTE FUNCTION eway_bills_order_facts();
--> statement-breakpoint
UPDATE orders o SET (eway_covered, eway_extended, eway_active_until, eway_expired_on_road) =
    (SELECT f.covered, f.extended, f.active_until, f.expired_on_road FROM order_eway_facts(o.id, o.gate_out_at, o.delivered_at) f)
  WHERE o.id IN (SELECT order_id FROM eway_bills);
