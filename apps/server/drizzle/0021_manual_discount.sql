-- Manual discounts at the POS (the tenant maximum, the order's record) and default variant options.
ALTER TABLE "variant_options" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "manual_discount" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "manual_discount_max_bp" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
-- custom:
-- The built-in admin and manager roles of existing tenants may give manual discounts, as new
-- tenants' do (seed-data.ts); the catalogue row is added first so the grant can reference it.
INSERT INTO "permissions" ("permission", "action", "subject", "area", "is_platform")
VALUES ('discount-order', 'discount', 'order', 'orders', false)
ON CONFLICT ("permission") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission", "tenant_id")
SELECT r."id", 'discount-order', r."tenant_id" FROM "roles" r
WHERE r."is_builtin" AND r."name" IN ('admin', 'manager') AND r."tenant_id" IS NOT NULL
ON CONFLICT DO NOTHING;
