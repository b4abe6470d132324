-- Refunds paid back through an online payment provider: one row per provider refund, pending
-- until its signed callback; the refund keeps the payout's state for the screens.
CREATE TABLE "provider_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "provider_refunds_status_check" CHECK ("provider_refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "provider_refunds_amount_check" CHECK ("provider_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "provider_payout" text;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_payment_id_payment_intents_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_refunds_refund_idx" ON "provider_refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "provider_refunds_payment_idx" ON "provider_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "provider_refunds_pending_idx" ON "provider_refunds" USING btree ("created_at") WHERE "provider_refunds"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_provider_payout_check" CHECK ("refunds"."provider_payout" in ('pending', 'succeeded', 'failed'));