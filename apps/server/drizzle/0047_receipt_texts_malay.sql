ALTER TABLE "tenants" ADD COLUMN "receipt_header_my" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "receipt_footer_my" text;