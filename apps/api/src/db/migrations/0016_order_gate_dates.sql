DROP TABLE "device_tokens" CASCADE;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gate_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gate_out_at" timestamp with time zone;