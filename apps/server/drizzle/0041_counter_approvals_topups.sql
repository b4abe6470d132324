CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"action" text NOT NULL,
	"subject_id" uuid,
	"requested_by" uuid,
	"requested_by_name" text NOT NULL,
	"approved_by" uuid,
	"approved_by_name" text NOT NULL,
	"device_id" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approvals_action_check" CHECK ("approvals"."action" in ('shift_variance', 'manual_discount', 'order_void', 'refund', 'cash_out', 'no_sale')),
	CONSTRAINT "approvals_not_self_check" CHECK ("approvals"."requested_by" is distinct from "approvals"."approved_by")
);
--> statement-breakpoint
CREATE TABLE "pin_attempts" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_allowed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pin_attempts_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "counter_topups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"till_id" uuid,
	"shift_id" uuid,
	"customer_id" uuid NOT NULL,
	"receipt_no" text NOT NULL,
	"business_date" date NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"tendered" integer,
	"reference" text,
	"wallet_entry_id" uuid NOT NULL,
	"by_user_id" uuid,
	"by_name" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_topups_tenant_key_unique" UNIQUE("tenant_id","idempotency_key"),
	CONSTRAINT "counter_topups_receipt_unique" UNIQUE("tenant_id","outlet_id","business_date","receipt_no"),
	CONSTRAINT "counter_topups_method_check" CHECK ("counter_topups"."method" in ('cash', 'card')),
	CONSTRAINT "counter_topups_amount_check" CHECK ("counter_topups"."amount" > 0),
	CONSTRAINT "counter_topups_tendered_check" CHECK ("counter_topups"."tendered" is null or ("counter_topups"."method" = 'cash' and "counter_topups"."tendered" >= "counter_topups"."amount"))
);
--> statement-breakpoint
CREATE TABLE "drawer_openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"by_user_id" uuid,
	"by_name" text,
	"approval_id" uuid,
	"idempotency_key" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "drawer_openings_reason_check" CHECK ("drawer_openings"."reason" in ('give_change', 'check_float', 'correct_error', 'other'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "not_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "not_collected_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "not_collected_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "not_collected_reason" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "shift_blind_count" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "cash_out_approval_over" integer;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_attempts" ADD CONSTRAINT "pin_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_attempts" ADD CONSTRAINT "pin_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_topups" ADD CONSTRAINT "counter_topups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_topups" ADD CONSTRAINT "counter_topups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_topups" ADD CONSTRAINT "counter_topups_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_topups" ADD CONSTRAINT "counter_topups_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_topups" ADD CONSTRAINT "counter_topups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_topups" ADD CONSTRAINT "counter_topups_wallet_entry_id_wallet_entries_id_fk" FOREIGN KEY ("wallet_entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_tenant_at_idx" ON "approvals" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "approvals_subject_idx" ON "approvals" USING btree ("tenant_id","subject_id");--> statement-breakpoint
CREATE INDEX "pin_attempts_tenant_idx" ON "pin_attempts" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "counter_topups_shift_idx" ON "counter_topups" USING btree ("shift_id","created_at");--> statement-breakpoint
CREATE INDEX "counter_topups_tenant_created_idx" ON "counter_topups" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "drawer_openings_shift_idx" ON "drawer_openings" USING btree ("shift_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "drawer_openings_tenant_idempotency_key_unique" ON "drawer_openings" USING btree ("tenant_id","idempotency_key") WHERE "drawer_openings"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_not_collected_by_users_id_fk" FOREIGN KEY ("not_collected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "permissions" ("permission", "action", "subject", "area", "is_platform") VALUES
  ('void-order', 'void', 'order', 'orders', false)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission", "tenant_id")
  SELECT r."id", g."permission", r."tenant_id"
  FROM "roles" r
  JOIN (VALUES ('admin', 'void-order'), ('manager', 'void-order')) AS g ("role", "permission")
    ON g."role" = r."name"
  WHERE r."is_builtin" AND r."tenant_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
