-- Customers' loyalty (decision 033): the wallet and points ledgers (append-only, a balance after
-- that never goes below zero, one entry per idempotency key), membership tiers, the tenant's
-- loyalty settings, referrals, wallet payment codes, wallet adjustments waiting for approval and
-- staff notes. Orders and refunds gain the `wallet` method; a payment intent may top up a wallet.
CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"wallet_max_balance" integer DEFAULT 100000 NOT NULL,
	"topup_presets" integer[] DEFAULT '{1000,2000,5000,10000}' NOT NULL,
	"adjustment_limit" integer DEFAULT 5000 NOT NULL,
	"tier_basis" text DEFAULT 'points' NOT NULL,
	"points_expiry_months" integer DEFAULT 12 NOT NULL,
	"redeem_points" integer DEFAULT 100 NOT NULL,
	"redeem_value" integer DEFAULT 100 NOT NULL,
	"referral_enabled" boolean DEFAULT true NOT NULL,
	"referrer_reward_kind" text DEFAULT 'wallet' NOT NULL,
	"referrer_reward_amount" integer DEFAULT 500 NOT NULL,
	"referee_reward_kind" text DEFAULT 'points' NOT NULL,
	"referee_reward_amount" integer DEFAULT 100 NOT NULL,
	"referral_min_order" integer DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_settings_tier_basis_check" CHECK ("loyalty_settings"."tier_basis" in ('points', 'spend')),
	CONSTRAINT "loyalty_settings_reward_kind_check" CHECK ("loyalty_settings"."referrer_reward_kind" in ('wallet', 'points') and "loyalty_settings"."referee_reward_kind" in ('wallet', 'points'))
);
--> statement-breakpoint
CREATE TABLE "membership_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_my" text NOT NULL,
	"threshold" integer NOT NULL,
	"points_per_rm" integer DEFAULT 100 NOT NULL,
	"colour" text NOT NULL,
	"benefits_en" text DEFAULT '' NOT NULL,
	"benefits_my" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_tiers_tenant_threshold_unique" UNIQUE("tenant_id","threshold"),
	CONSTRAINT "membership_tiers_threshold_check" CHECK ("membership_tiers"."threshold" >= 0),
	CONSTRAINT "membership_tiers_points_check" CHECK ("membership_tiers"."points_per_rm" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"spend" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"reason" text,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_tenant_key_unique" UNIQUE("tenant_id","idempotency_key"),
	CONSTRAINT "points_entries_kind_check" CHECK ("points_entries"."kind" in ('earn', 'reverse', 'redeem', 'expiry', 'adjustment', 'reward')),
	CONSTRAINT "points_entries_balance_check" CHECK ("points_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referee_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"order_id" uuid,
	"rewarded_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_tenant_referee_unique" UNIQUE("tenant_id","referee_id"),
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'rewarded', 'reversed')),
	CONSTRAINT "referrals_self_check" CHECK ("referrals"."referrer_id" <> "referrals"."referee_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_by_name" text NOT NULL,
	"decided_by" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_adjustments_status_check" CHECK ("wallet_adjustments"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "wallet_adjustments_amount_check" CHECK ("wallet_adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"payment_id" uuid,
	"reason" text,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_tenant_key_unique" UNIQUE("tenant_id","idempotency_key"),
	CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('topup', 'spend', 'refund', 'adjustment', 'reward', 'expiry')),
	CONSTRAINT "wallet_entries_balance_check" CHECK ("wallet_entries"."balance_after" >= 0),
	CONSTRAINT "wallet_entries_amount_check" CHECK ("wallet_entries"."amount" <> 0),
	CONSTRAINT "wallet_entries_actor_check" CHECK ("wallet_entries"."actor_kind" in ('staff', 'customer', 'system'))
);
--> statement-breakpoint
CREATE TABLE "wallet_payment_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_payment_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "order_payments" DROP CONSTRAINT "order_payments_method_check";--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tier_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "wallet_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_settings" ADD CONSTRAINT "loyalty_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD CONSTRAINT "membership_tiers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_customers_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD CONSTRAINT "wallet_adjustments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD CONSTRAINT "wallet_adjustments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD CONSTRAINT "wallet_adjustments_entry_id_wallet_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payment_codes" ADD CONSTRAINT "wallet_payment_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payment_codes" ADD CONSTRAINT "wallet_payment_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payment_codes" ADD CONSTRAINT "wallet_payment_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "points_entries_customer_idx" ON "points_entries" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("tenant_id","referrer_id");--> statement-breakpoint
CREATE INDEX "wallet_adjustments_tenant_idx" ON "wallet_adjustments" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "wallet_entries_customer_idx" ON "wallet_entries" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_entries_tenant_created_idx" ON "wallet_entries" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_payment_codes_customer_idx" ON "wallet_payment_codes" USING btree ("tenant_id","customer_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_tenant_created_idx" ON "customers" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "tier";--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_wallet_balance_check" CHECK ("customers"."wallet_balance" >= 0);--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_method_check" CHECK ("order_payments"."method" in ('cash', 'card', 'duitnow_qr', 'tng', 'grabpay', 'boost', 'shopeepay', 'wallet'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_purpose_check" CHECK (("payment_intents"."purpose" = 'order' and "payment_intents"."order_id" is not null) or ("payment_intents"."purpose" = 'topup' and "payment_intents"."customer_id" is not null));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('original', 'cash', 'bank_transfer', 'wallet'));--> statement-breakpoint
-- Ledger entries are never edited or deleted, by the API or any other statement: a correction is
-- a new entry. TRUNCATE by a database administrator still works.
CREATE OR REPLACE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_entries_append_only"
  BEFORE UPDATE OR DELETE ON "wallet_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "points_entries_append_only"
  BEFORE UPDATE OR DELETE ON "points_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
