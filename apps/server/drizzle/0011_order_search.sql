CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("order_no" || E'\n' || coalesce("customer_name", '') || E'\n' || coalesce("customer_phone", '')) gin_trgm_ops);