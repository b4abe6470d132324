-- Payment gateways per business (and the platform's own, tenant_id null) with sealed credentials,
-- and the gateway's own reference on a payment so a callback finds its payment before trusting it.
CREATE TABLE "payment_gateways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"provider" text NOT NULL,
	"mode" text DEFAULT 'sandbox' NOT NULL,
	"credentials" text NOT NULL,
	"methods" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateways_tenant_provider_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","provider"),
	CONSTRAINT "payment_gateways_mode_check" CHECK ("payment_gateways"."mode" in ('sandbox', 'production'))
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD CONSTRAINT "payment_gateways_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_intents_provider_ref_unique" ON "payment_intents" USING btree ("provider","provider_ref") WHERE "payment_intents"."provider_ref" is not null;