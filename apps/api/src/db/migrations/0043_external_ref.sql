ALTER TABLE "indents" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "external_ref" text;--> statement-breakpoint
ALTER TABLE "transport_requests" ADD COLUMN "external_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX "indents_external_ref" ON "indents" USING btree ("industry_id","external_ref") WHERE "indents"."external_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_external_ref" ON "orders" USING btree ("industry_id","external_ref") WHERE "orders"."external_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transport_requests_external_ref" ON "transport_requests" USING btree ("industry_id","external_ref") WHERE "transport_requests"."external_ref" is not null;