-- A public link's expiry is fixed when it becomes known (issue 31): stored on the link, never
-- recomputed from the grace setting at read, so raising the grace later revives no expired link.
ALTER TABLE "tracking_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Links of orders already over: their end plus the shipper's grace as it is now (24 hours by default).
UPDATE "tracking_links" l SET "expires_at" = coalesce(o."delivered_at", o."updated_at") + make_interval(hours => coalesce(s."public_link_grace_hours", 24))
FROM "orders" o LEFT JOIN "tracking_settings" s ON s."industry_id" = o."industry_id"
WHERE o."id" = l."order_id" AND o."status" IN ('delivered', 'closed', 'rejected', 'cancelled');
