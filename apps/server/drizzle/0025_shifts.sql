-- Shifts and the cash drawer (decision 035): tills (an outlet's registers), cashiers' shifts on them
-- with the opening float and closing count by denomination, cash in/out during a shift; orders
-- record the till and shift of a counter sale; tenants choose whether a sale needs an open shift
-- and the variance a drawer may show without a manager's note.
CREATE TABLE "cash_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"note" text,
	"by_user_id" uuid,
	"by_name" text,
	"idempotency_key" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "cash_movements_kind_check" CHECK ("cash_movements"."kind" in ('cash_in', 'cash_out')),
	CONSTRAINT "cash_movements_reason_check" CHECK ("cash_movements"."reason" in ('petty_cash', 'bank_drop', 'other')),
	CONSTRAINT "cash_movements_amount_check" CHECK ("cash_movements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"till_id" uuid NOT NULL,
	"cashier_id" uuid,
	"cashier_name" text,
	"business_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"opening_float" integer NOT NULL,
	"float_count" jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"closed_by_name" text,
	"counted_count" jsonb,
	"counted" integer,
	"expected" integer,
	"variance" integer,
	"closing_note" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_status_check" CHECK ("shifts"."status" in ('open', 'closed')),
	CONSTRAINT "shifts_float_check" CHECK ("shifts"."opening_float" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tills_outlet_name_unique" UNIQUE("outlet_id","name")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "till_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shift_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "shifts_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "shift_variance_tolerance" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tills" ADD CONSTRAINT "tills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tills" ADD CONSTRAINT "tills_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_shift_idx" ON "cash_movements" USING btree ("shift_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_movements_tenant_idempotency_key_unique" ON "cash_movements" USING btree ("tenant_id","idempotency_key") WHERE "cash_movements"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_per_till" ON "shifts" USING btree ("till_id") WHERE "shifts"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_tenant_idempotency_key_unique" ON "shifts" USING btree ("tenant_id","idempotency_key") WHERE "shifts"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "shifts_tenant_outlet_day_idx" ON "shifts" USING btree ("tenant_id","outlet_id","business_date");--> statement-breakpoint
CREATE INDEX "shifts_tenant_opened_idx" ON "shifts" USING btree ("tenant_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tills_tenant_outlet_idx" ON "tills" USING btree ("tenant_id","outlet_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shift_idx" ON "orders" USING btree ("shift_id") WHERE "orders"."shift_id" is not null;--> statement-breakpoint

-- custom:
-- Every outlet has a till: the existing ones get "Till 1" now, each new outlet on its insert.
INSERT INTO "tills" ("tenant_id", "outlet_id", "name")
  SELECT "tenant_id", "id", 'Till 1' FROM "outlets";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_outlet_default_till"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tills" ("tenant_id", "outlet_id", "name") VALUES (NEW."tenant_id", NEW."id", 'Till 1');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "outlets_default_till" AFTER INSERT ON "outlets"
  FOR EACH ROW EXECUTE FUNCTION "kopi_outlet_default_till"();
--> statement-breakpoint
-- The built-in roles of existing tenants get the shift permissions their templates now carry
-- (seed-data.ts): with shifts required by default, a cashier must be able to open one to sell.
INSERT INTO "permissions" ("permission", "action", "subject", "area", "is_platform") VALUES
  ('read-shift', 'read', 'shift', 'orders', false),
  ('create-shift', 'create', 'shift', 'orders', false),
  ('update-shift', 'update', 'shift', 'orders', false),
  ('delete-shift', 'delete', 'shift', 'orders', false),
  ('close-variance-shift', 'close', 'variance-shift', 'orders', false)
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission", "tenant_id")
  SELECT r."id", g."permission", r."tenant_id"
  FROM "roles" r
  JOIN (VALUES
    ('admin', 'read-shift'), ('admin', 'create-shift'), ('admin', 'update-shift'),
    ('admin', 'delete-shift'), ('admin', 'close-variance-shift'),
    ('manager', 'read-shift'), ('manager', 'create-shift'), ('manager', 'update-shift'),
    ('manager', 'close-variance-shift'),
    ('cashier', 'create-shift'), ('cashier', 'update-shift')
  ) AS g ("role", "permission") ON g."role" = r."name"
  WHERE r."is_builtin" AND r."tenant_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
