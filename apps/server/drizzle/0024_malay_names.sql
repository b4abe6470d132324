-- Malay names (decision 039): products, variant groups, options and add-ons get an optional
-- name_my (null shows the English name); order lines keep the Malay product name as sold.
ALTER TABLE "addons" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "variant_groups" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "variant_options" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "name_my" text;