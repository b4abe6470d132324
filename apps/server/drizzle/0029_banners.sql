-- The customer app's home-screen banners (decision 043): title in English and Malay, a picture
-- stored at fixed sizes as WebP and JPEG, a tap target (none, a product, category or outlet of the
-- tenant, or an https link), a schedule, the outlets it shows at (all, or those in banner_outlets),
-- an order and a status.
CREATE TABLE "banner_outlets" (
	"banner_id" uuid NOT NULL,
	"outlet_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	CONSTRAINT "banner_outlets_banner_id_outlet_id_pk" PRIMARY KEY("banner_id","outlet_id")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"title_en" text NOT NULL,
	"title_my" text,
	"image" jsonb,
	"target_type" text DEFAULT 'none' NOT NULL,
	"target_id" uuid,
	"target_url" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"all_outlets" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_status_check" CHECK ("banners"."status" in ('active', 'inactive')),
	CONSTRAINT "banners_target_check" CHECK (("banners"."target_type" = 'none' and "banners"."target_id" is null and "banners"."target_url" is null)
        or ("banners"."target_type" in ('product', 'category', 'outlet') and "banners"."target_id" is not null and "banners"."target_url" is null)
        or ("banners"."target_type" = 'url' and "banners"."target_id" is null and "banners"."target_url" like 'https://%')),
	CONSTRAINT "banners_schedule_check" CHECK ("banners"."starts_at" is null or "banners"."ends_at" is null or "banners"."ends_at" > "banners"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "banner_outlets" ADD CONSTRAINT "banner_outlets_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_outlets" ADD CONSTRAINT "banner_outlets_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_outlets" ADD CONSTRAINT "banner_outlets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_outlets_outlet_idx" ON "banner_outlets" USING btree ("outlet_id");--> statement-breakpoint
CREATE INDEX "banners_tenant_order_idx" ON "banners" USING btree ("tenant_id","sort_order");