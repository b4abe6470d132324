CREATE TABLE "refund_counters" (
	"tenant_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "refund_counters_outlet_id_pk" PRIMARY KEY("outlet_id")
);
--> statement-breakpoint
CREATE TABLE "refund_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "refund_items_quantity_check" CHECK ("refund_items"."quantity" > 0 and "refund_items"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refund_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_user_id" uuid,
	"by_name" text,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_no" text NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"payment_method" text,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"reason_note" text,
	"status" text NOT NULL,
	"requested_by" uuid,
	"requested_by_name" text,
	"approved_by" uuid,
	"approved_by_name" text,
	"bank_code" text,
	"account_holder" text,
	"account_number" text,
	"transfer_reference" text,
	"proof_url" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"business_date" date,
	CONSTRAINT "refunds_tenant_outlet_no_unique" UNIQUE("tenant_id","outlet_id","refund_no"),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('CREATED', 'PENDING', 'APPROVED', 'WAITING TRANSFER', 'TRANSFERED', 'COMPLETED', 'REJECTED', 'CLOSED')),
	CONSTRAINT "refunds_kind_check" CHECK ("refunds"."kind" in ('items', 'full', 'amount')),
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('original', 'cash', 'bank_transfer')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "refund_manager_limit" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_counters" ADD CONSTRAINT "refund_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_counters" ADD CONSTRAINT "refund_counters_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_status_history" ADD CONSTRAINT "refund_status_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_status_history" ADD CONSTRAINT "refund_status_history_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_status_history" ADD CONSTRAINT "refund_status_history_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_items_refund_idx" ON "refund_items" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_items_order_item_idx" ON "refund_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "refund_status_history_refund_idx" ON "refund_status_history" USING btree ("refund_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_tenant_idempotency_key_unique" ON "refunds" USING btree ("tenant_id","idempotency_key") WHERE "refunds"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_tenant_created_idx" ON "refunds" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refunds_tenant_outlet_status_idx" ON "refunds" USING btree ("tenant_id","outlet_id","status");--> statement-breakpoint
CREATE INDEX "refunds_tenant_business_date_idx" ON "refunds" USING btree ("tenant_id","business_date");