-- Trigram indexes for number search (issue 15); trusted since PostgreSQL 13, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_list";--> statement-breakpoint
DROP INDEX "orders_carrier";--> statement-breakpoint
DROP INDEX "transport_requests_list";--> statement-breakpoint
CREATE INDEX "orders_direction" ON "orders" USING btree ("industry_id","request_type","id");--> statement-breakpoint
CREATE INDEX "orders_plant" ON "orders" USING btree ("industry_id","request_type","plant_id","id");--> statement-breakpoint
CREATE INDEX "orders_plant_status" ON "orders" USING btree ("industry_id","request_type","plant_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_pickup" ON "orders" USING btree ("industry_id","request_type","pickup_at","id");--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("industry_id","request_type","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_rejected" ON "orders" USING btree ("industry_id","request_type","rejected_at","id") WHERE "orders"."rejected_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_gate_in" ON "orders" USING btree ("industry_id","request_type","gate_in_at","id") WHERE "orders"."gate_in_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_gate_out" ON "orders" USING btree ("industry_id","request_type","gate_out_at","id") WHERE "orders"."gate_out_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_number_prefix" ON "orders" USING btree ("industry_id","number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_number_trgm" ON "orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_vehicle_trgm" ON "orders" USING gin ("vehicle_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transport_requests_direction" ON "transport_requests" USING btree ("industry_id","request_type","id");--> statement-breakpoint
CREATE INDEX "transport_requests_plant" ON "transport_requests" USING btree ("industry_id","request_type","plant_id","id");--> statement-breakpoint
CREATE INDEX "transport_requests_pickup" ON "transport_requests" USING btree ("industry_id","request_type","pickup_at","id");--> statement-breakpoint
CREATE INDEX "transport_requests_bid_end" ON "transport_requests" USING btree ("industry_id","request_type","bid_end_at","id");--> statement-breakpoint
CREATE INDEX "transport_requests_created" ON "transport_requests" USING btree ("industry_id","request_type","created_at","id");--> statement-breakpoint
CREATE INDEX "transport_requests_number_prefix" ON "transport_requests" USING btree ("industry_id","number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "transport_requests_number_trgm" ON "transport_requests" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_list" ON "orders" USING btree ("industry_id","request_type","status","id");--> statement-breakpoint
CREATE INDEX "orders_carrier" ON "orders" USING btree ("industry_carrier_id","industry_id","request_type","id");--> statement-breakpoint
CREATE INDEX "transport_requests_list" ON "transport_requests" USING btree ("industry_id","request_type","status","id");