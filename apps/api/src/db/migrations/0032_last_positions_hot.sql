-- The last position of each order is updated with every batch of positions. Its industry index
-- held fix_time, so every update wrote new entries in both indexes; no query reads that order (the
-- boards and maps join by order_id). Without fix_time in an index, and with room left on each
-- page (fillfactor 50), PostgreSQL updates the row in place (a HOT update: no index entries), and
-- prunes the old versions as it goes.
DROP INDEX "tracking_last_positions_industry";--> statement-breakpoint
CREATE INDEX "tracking_last_positions_industry" ON "tracking_last_positions" USING btree ("industry_id");--> statement-breakpoint
ALTER TABLE "tracking_last_positions" SET (fillfactor = 50);
