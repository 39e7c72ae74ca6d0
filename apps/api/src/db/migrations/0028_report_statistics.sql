-- The planner's knowledge of how many India months the orders' pickups span (a few dozen), so the
-- spend report groups by month in a hash table rather than sorting every order (modules/reports/spend.ts).
CREATE STATISTICS IF NOT EXISTS "orders_pickup_month" ON (date_trunc('month', "pickup_at" AT TIME ZONE 'Asia/Kolkata')) FROM "orders";
