CREATE TABLE "voucher_rollups" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"campaign_id" uuid,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"returned_discount" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "voucher_rollups_key" UNIQUE NULLS NOT DISTINCT("tenant_id","business_date","outlet_id","voucher_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_my" text,
	"audience_kind" text NOT NULL,
	"audience_tier_id" uuid,
	"audience_days" integer,
	"audience_phones" text[] DEFAULT '{}' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_campaigns_status_check" CHECK ("voucher_campaigns"."status" in ('draft', 'scheduled', 'ongoing', 'paused', 'ended')),
	CONSTRAINT "voucher_campaigns_audience_check" CHECK ("voucher_campaigns"."audience_kind" in ('all', 'tier', 'new_customers', 'birthday_month', 'inactive', 'phone_list')),
	CONSTRAINT "voucher_campaigns_period_check" CHECK ("voucher_campaigns"."ends_at" > "voucher_campaigns"."starts_at"),
	CONSTRAINT "voucher_campaigns_issued_check" CHECK ("voucher_campaigns"."issued_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_my" text,
	"points_price" integer NOT NULL,
	"stock" integer,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_rewards_status_check" CHECK ("voucher_rewards"."status" in ('active', 'inactive')),
	CONSTRAINT "voucher_rewards_points_check" CHECK ("voucher_rewards"."points_price" > 0),
	CONSTRAINT "voucher_rewards_stock_check" CHECK ("voucher_rewards"."issued_count" >= 0 and ("voucher_rewards"."stock" is null or "voucher_rewards"."issued_count" <= "voucher_rewards"."stock")),
	CONSTRAINT "voucher_rewards_period_check" CHECK ("voucher_rewards"."ends_at" is null or "voucher_rewards"."ends_at" > "voucher_rewards"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "banners" DROP CONSTRAINT "banners_target_check";--> statement-breakpoint
ALTER TABLE "points_entries" DROP CONSTRAINT "points_entries_kind_check";--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD COLUMN "reward_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_rollups" ADD CONSTRAINT "voucher_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_rollups" ADD CONSTRAINT "voucher_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_rollups" ADD CONSTRAINT "voucher_rollups_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_campaigns" ADD CONSTRAINT "voucher_campaigns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_campaigns" ADD CONSTRAINT "voucher_campaigns_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_rewards" ADD CONSTRAINT "voucher_rewards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_rewards" ADD CONSTRAINT "voucher_rewards_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_campaigns_tenant_created_idx" ON "voucher_campaigns" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "voucher_campaigns_tenant_status_idx" ON "voucher_campaigns" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "voucher_rewards_tenant_order_idx" ON "voucher_rewards" USING btree ("tenant_id","sort_order","created_at");--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_campaign_id_voucher_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."voucher_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_reward_id_voucher_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."voucher_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_campaign_id_voucher_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."voucher_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_codes_campaign_customer_unique" ON "voucher_codes" USING btree ("campaign_id","customer_id") WHERE "voucher_codes"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "voucher_codes_reward_idx" ON "voucher_codes" USING btree ("reward_id") WHERE "voucher_codes"."reward_id" is not null;--> statement-breakpoint
CREATE INDEX "voucher_redemptions_campaign_idx" ON "voucher_redemptions" USING btree ("tenant_id","campaign_id","redeemed_at") WHERE "voucher_redemptions"."campaign_id" is not null;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_target_check" CHECK (("banners"."target_type" = 'none' and "banners"."target_id" is null and "banners"."target_url" is null)
        or ("banners"."target_type" in ('product', 'category', 'outlet', 'voucher') and "banners"."target_id" is not null and "banners"."target_url" is null)
        or ("banners"."target_type" = 'url' and "banners"."target_id" is null and "banners"."target_url" like 'https://%'));--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_kind_check" CHECK ("points_entries"."kind" in ('earn', 'reverse', 'redeem', 'expiry', 'adjustment', 'reward', 'voucher'));