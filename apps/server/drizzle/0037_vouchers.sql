-- Vouchers (decision 052): the voucher and its rules, its unique codes, and its redemptions, each
-- written in its order's transaction under the voucher row's lock.
CREATE TABLE "voucher_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"code" text NOT NULL,
	"customer_id" uuid,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"code_id" uuid,
	"code" text NOT NULL,
	"order_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"customer_id" uuid,
	"source" text NOT NULL,
	"discount" integer NOT NULL,
	"business_date" text NOT NULL,
	"status" text DEFAULT 'redeemed' NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"return_reason" text,
	CONSTRAINT "voucher_redemptions_status_check" CHECK ("voucher_redemptions"."status" in ('redeemed', 'returned')),
	CONSTRAINT "voucher_redemptions_source_check" CHECK ("voucher_redemptions"."source" in ('pos', 'app')),
	CONSTRAINT "voucher_redemptions_discount_check" CHECK ("voucher_redemptions"."discount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_my" text,
	"code_kind" text NOT NULL,
	"code" text,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"max_discount" integer,
	"free_item_kind" text,
	"free_item_id" uuid,
	"min_spend" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"days_of_week" smallint[] DEFAULT '{}' NOT NULL,
	"hours_from" text,
	"hours_until" text,
	"total_limit" integer,
	"per_customer_limit" integer,
	"outlet_ids" uuid[] DEFAULT '{}' NOT NULL,
	"sources" text[] DEFAULT '{}' NOT NULL,
	"serving_methods" text[] DEFAULT '{}' NOT NULL,
	"product_ids" uuid[] DEFAULT '{}' NOT NULL,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"requires_customer" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"redeemed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_type_check" CHECK ("vouchers"."type" in ('percent', 'fixed', 'free_item')),
	CONSTRAINT "vouchers_code_kind_check" CHECK ("vouchers"."code_kind" in ('shared', 'unique')),
	CONSTRAINT "vouchers_status_check" CHECK ("vouchers"."status" in ('active', 'inactive')),
	CONSTRAINT "vouchers_code_check" CHECK (("vouchers"."code_kind" = 'shared') = ("vouchers"."code" is not null)),
	CONSTRAINT "vouchers_value_check" CHECK ("vouchers"."value" >= 0 and "vouchers"."min_spend" >= 0),
	CONSTRAINT "vouchers_redeemed_check" CHECK ("vouchers"."redeemed_count" >= 0 and ("vouchers"."total_limit" is null or "vouchers"."redeemed_count" <= "vouchers"."total_limit"))
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "voucher_give_back" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_code_id_voucher_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."voucher_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_codes_tenant_code_unique" ON "voucher_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "voucher_codes_voucher_idx" ON "voucher_codes" USING btree ("voucher_id","created_at","id");--> statement-breakpoint
CREATE INDEX "voucher_codes_customer_idx" ON "voucher_codes" USING btree ("tenant_id","customer_id") WHERE "voucher_codes"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_order_unique" ON "voucher_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_code_unique" ON "voucher_redemptions" USING btree ("code_id") WHERE "voucher_redemptions"."code_id" is not null and "voucher_redemptions"."status" = 'redeemed';--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_idx" ON "voucher_redemptions" USING btree ("tenant_id","voucher_id","redeemed_at");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_customer_idx" ON "voucher_redemptions" USING btree ("tenant_id","voucher_id","customer_id") WHERE "voucher_redemptions"."status" = 'redeemed';--> statement-breakpoint
CREATE INDEX "voucher_redemptions_tenant_redeemed_idx" ON "voucher_redemptions" USING btree ("tenant_id","redeemed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_tenant_code_unique" ON "vouchers" USING btree ("tenant_id","code") WHERE "vouchers"."code" is not null;--> statement-breakpoint
CREATE INDEX "vouchers_tenant_created_idx" ON "vouchers" USING btree ("tenant_id","created_at","id");