DROP INDEX "orders_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "orders_tenant_created_idx" ON "orders" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The payment-method key without a subquery per row: the same answer ('none', the one method,
-- or 'split'), cheaper for every sale's trigger and for rebuilding a year of rollups.
CREATE OR REPLACE FUNCTION "kopi_payment_label"(methods text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE
      WHEN coalesce(cardinality(methods), 0) = 0 THEN 'none'
      WHEN methods[1] = ALL (methods) THEN methods[1]
      ELSE 'split'
    END
  $$;
