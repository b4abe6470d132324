-- Business settings: the receipt header and footer text and logo a tenant's admin sets
-- (/tenant/business-settings); the other settings already have their columns.
ALTER TABLE "tenants" ADD COLUMN "receipt_header" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "receipt_footer" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "receipt_logo_url" text;--> statement-breakpoint
-- custom: the tenants' built-in admin roles that exist already get the new permissions (new
-- tenants get them from the role templates); the catalogue rows come first for the foreign key.
INSERT INTO "permissions" ("permission", "action", "subject", "area", "is_platform") VALUES
  ('read-business-settings', 'read', 'business-settings', 'settings', false),
  ('create-business-settings', 'create', 'business-settings', 'settings', false),
  ('update-business-settings', 'update', 'business-settings', 'settings', false),
  ('delete-business-settings', 'delete', 'business-settings', 'settings', false)
ON CONFLICT ("permission") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission", "tenant_id")
SELECT r."id", p."permission", r."tenant_id"
FROM "roles" r
CROSS JOIN (VALUES ('read-business-settings'), ('update-business-settings')) AS p("permission")
WHERE r."tenant_id" IS NOT NULL AND r."name" = 'admin' AND r."is_builtin"
ON CONFLICT DO NOTHING;
