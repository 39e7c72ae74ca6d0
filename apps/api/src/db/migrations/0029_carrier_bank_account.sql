ALTER TABLE "carriers" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "bank_ifsc" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "bank_updated_at" timestamp with time zone;