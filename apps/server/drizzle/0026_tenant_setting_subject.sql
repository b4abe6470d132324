-- The tenant's own settings take DESIGN §8's subject tenant-setting (was business-settings):
-- roles keep what they held under the new name. The platform's customer-app catalogue and
-- default texts (/ge/features, /ge/content-text) are gated by the platform subject general-setting.
INSERT INTO "permissions" ("permission", "action", "subject", "area", "is_platform") VALUES
  ('read-tenant-setting', 'read', 'tenant-setting', 'settings', false),
  ('create-tenant-setting', 'create', 'tenant-setting', 'settings', false),
  ('update-tenant-setting', 'update', 'tenant-setting', 'settings', false),
  ('delete-tenant-setting', 'delete', 'tenant-setting', 'settings', false)
ON CONFLICT ("permission") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission", "tenant_id")
SELECT "role_id", replace("permission", 'business-settings', 'tenant-setting'), "tenant_id"
FROM "role_permissions"
WHERE "permission" LIKE '%-business-settings'
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "permissions" WHERE "subject" = 'business-settings';--> statement-breakpoint
UPDATE "menu_items" SET "subject" = 'tenant-setting' WHERE "subject" = 'business-settings';--> statement-breakpoint
UPDATE "menu_items" SET "subject" = 'general-setting' WHERE "path" IN ('/ge/features', '/ge/content-text');
