-- Customer-app feature switches (decision 041): the platform's catalogue of app features with
-- their defaults and locks, and each tenant's switches for the whole business or one outlet. The
-- catalogue starts with the ten features the server knows (the seed keeps code-owned columns in
-- step afterwards). Feature on/off used to live in app_settings: the platform rows become the
-- catalogue's defaults, the tenants' rows become tenant switches ("voucher" is now "vouchers"),
-- and app_settings keeps only settings that are not features (currency, business name, ...).
CREATE TABLE "app_feature_switches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"feature_code" text NOT NULL,
	"outlet_id" uuid,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_feature_switches_tenant_feature_outlet_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","feature_code","outlet_id")
);
--> statement-breakpoint
CREATE TABLE "app_features" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_my" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_my" text DEFAULT '' NOT NULL,
	"default_enabled" boolean NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"per_outlet" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_feature_switches" ADD CONSTRAINT "app_feature_switches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_feature_switches" ADD CONSTRAINT "app_feature_switches_feature_code_app_features_code_fk" FOREIGN KEY ("feature_code") REFERENCES "public"."app_features"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_feature_switches" ADD CONSTRAINT "app_feature_switches_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "app_features" ("code", "name_en", "name_my", "description_en", "description_my", "default_enabled", "per_outlet", "sort_order") VALUES
  ('delivery', 'Delivery', 'Penghantaran', 'Customers order for delivery to an address (the outlet must also offer delivery).', 'Pelanggan memesan untuk dihantar ke alamat (cawangan juga mesti menawarkan penghantaran).', false, true, 0),
  ('pick_up', 'Pick Up', 'Ambil Sendiri', 'Customers order ahead and collect at the outlet.', 'Pelanggan memesan awal dan mengambil pesanan di cawangan.', true, true, 1),
  ('dine_in', 'Dine In', 'Makan di Sini', 'Customers order at their table by scanning its QR code.', 'Pelanggan memesan di meja dengan mengimbas kod QR meja.', true, true, 2),
  ('scheduled_orders', 'Scheduled Orders', 'Pesanan Berjadual', 'Customers choose a later time for their order.', 'Pelanggan memilih masa kemudian untuk pesanan mereka.', false, true, 3),
  ('order_notes', 'Order Notes', 'Catatan Pesanan', 'Customers add a note to the order or to an item (less sugar, no ice).', 'Pelanggan menambah catatan pada pesanan atau item (kurang manis, tanpa ais).', true, true, 4),
  ('wallet', 'Wallet', 'Dompet', 'Customers see their wallet, pay orders with it and show a payment code at the counter.', 'Pelanggan melihat dompet, membayar pesanan dengannya dan menunjukkan kod pembayaran di kaunter.', true, false, 5),
  ('wallet_top_up', 'Wallet Top-Up', 'Tambah Nilai Dompet', 'Customers top up their wallet in the app through the payment gateway.', 'Pelanggan menambah nilai dompet dalam aplikasi melalui gerbang pembayaran.', true, false, 6),
  ('vouchers', 'Vouchers', 'Baucar', 'Customers see and use vouchers in the app.', 'Pelanggan melihat dan menggunakan baucar dalam aplikasi.', true, false, 7),
  ('membership', 'Membership', 'Keahlian', 'Customers see their points and tier and redeem points for wallet credit.', 'Pelanggan melihat mata dan peringkat mereka serta menebus mata untuk kredit dompet.', true, false, 8),
  ('referral', 'Referral', 'Rujukan', 'Customers invite friends with their referral code; a new customer may enter one at sign-up.', 'Pelanggan menjemput rakan dengan kod rujukan; pelanggan baharu boleh memasukkannya semasa mendaftar.', false, false, 9)
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
UPDATE "app_features" f SET "default_enabled" = s."enabled"
FROM "app_settings" s
WHERE s."tenant_id" IS NULL AND s."code" = (CASE f."code" WHEN 'vouchers' THEN 'voucher' ELSE f."code" END);--> statement-breakpoint
INSERT INTO "app_feature_switches" ("tenant_id", "feature_code", "outlet_id", "enabled")
SELECT s."tenant_id", CASE s."code" WHEN 'voucher' THEN 'vouchers' ELSE s."code" END, NULL, s."enabled"
FROM "app_settings" s
WHERE s."tenant_id" IS NOT NULL
  AND s."code" IN ('delivery', 'pick_up', 'dine_in', 'scheduled_orders', 'order_notes', 'wallet', 'wallet_top_up', 'voucher', 'vouchers', 'membership', 'referral')
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "app_settings"
WHERE "code" IN ('delivery', 'pick_up', 'dine_in', 'scheduled_orders', 'order_notes', 'wallet', 'wallet_top_up', 'voucher', 'vouchers', 'membership', 'referral');
