ALTER TABLE "lead_settings" ADD COLUMN "disclosure_crm" text;--> statement-breakpoint
ALTER TABLE "lead_settings" ADD COLUMN "disclosure_retailer" text;--> statement-breakpoint
ALTER TABLE "lead_settings" ADD COLUMN "disclosure_retailer_program" text;--> statement-breakpoint
ALTER TABLE "lead_settings" ADD COLUMN "disclosure_second_partner" text;