-- The customer app's texts (decision 042): the platform's default wording of each key (terms,
-- privacy, onboarding, notices; seeded at start by seedBase, never overwritten there) and each
-- tenant's own wording where it overrides one. Deleting a tenant deletes its wording.
CREATE TABLE "content_text_defaults" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"format" text DEFAULT 'plain' NOT NULL,
	"text_en" text NOT NULL,
	"text_my" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_text_defaults_format_check" CHECK ("content_text_defaults"."format" in ('plain', 'markdown')),
	CONSTRAINT "content_text_defaults_key_check" CHECK ("content_text_defaults"."key" ~ '^[a-z][a-z0-9_]{1,62}$')
);
--> statement-breakpoint
CREATE TABLE "content_text_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"text_en" text,
	"text_my" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_text_overrides_tenant_key_unique" UNIQUE("tenant_id","key"),
	CONSTRAINT "content_text_overrides_some_text_check" CHECK ("content_text_overrides"."text_en" is not null or "content_text_overrides"."text_my" is not null)
);
--> statement-breakpoint
ALTER TABLE "content_text_overrides" ADD CONSTRAINT "content_text_overrides_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_text_overrides" ADD CONSTRAINT "content_text_overrides_key_content_text_defaults_key_fk" FOREIGN KEY ("key") REFERENCES "public"."content_text_defaults"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_text_overrides_key_idx" ON "content_text_overrides" USING btree ("key");