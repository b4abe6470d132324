-- Handed over: when a ready (COMPLETED) order reached the customer, and who handed it over.
ALTER TABLE "orders" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handed_over_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "handed_over_by_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_handed_over_by_users_id_fk" FOREIGN KEY ("handed_over_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;