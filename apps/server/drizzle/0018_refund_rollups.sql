CREATE TABLE "product_refund_rollups" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_refund_rollups_pk" PRIMARY KEY("tenant_id","business_date","outlet_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "refund_rollups" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"method" text NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "refund_rollups_pk" PRIMARY KEY("tenant_id","business_date","outlet_id","method")
);
--> statement-breakpoint
ALTER TABLE "z_reports" ADD COLUMN "refunds_by_method" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "z_reports" ADD COLUMN "refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_refund_rollups" ADD CONSTRAINT "product_refund_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_refund_rollups" ADD CONSTRAINT "product_refund_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_refund_rollups" ADD CONSTRAINT "product_refund_rollups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_rollups" ADD CONSTRAINT "refund_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_rollups" ADD CONSTRAINT "refund_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Refunds count on the business day they complete (refunds.business_date, set with COMPLETED),
-- never on their order's day: a closed day and its Z-report stay as they were (decision 030).
-- So the orders triggers of 0007 stop adding orders.refunded (which a completing refund raises)
-- to sales_rollups.refunds, and statement-level AFTER triggers on refunds add a refund when it
-- becomes COMPLETED (it stays counted when CLOSED) to:
--   sales_rollups.refunds   under its completion day, its outlet and its order's source, serving
--                           method and payment-method label (so every report grouping and the
--                           channel rollup carry it);
--   refund_rollups          by the method the money went back by (the refund's payment method,
--                           'bank_transfer' for a transfer): count and amount;
--   product_refund_rollups  its items by product: quantity and amount.
-- refund_items INSERT adds items of a refund that already counts (a refund written complete, as
-- a seed does); refunds and their items are never updated in their figures nor deleted (only
-- with their tenant, whose rollups go too), so there are no other triggers. Same lock order as
-- 0007: the tenant's live-event lock before any rollup row.
CREATE OR REPLACE FUNCTION "kopi_refund_counts"(status text, business_date date) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status IN ('COMPLETED', 'CLOSED') AND business_date IS NOT NULL $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_orders_insert"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT 1 AS sign, * FROM new_rows
  ), g (tenant_id, business_date, outlet_id, source, serving_method, payment_method,
      orders, gross, discount, service_charge, service_tax, delivery_fee, rounding, net, refunds, rejected, rejected_total) AS (
    SELECT tenant_id, business_date, outlet_id, source, serving_method,
        kopi_payment_label(payment_methods),
        coalesce(sum(sign) FILTER (WHERE kopi_is_sale(status)), 0)::int,
        coalesce(sum(sign * subtotal) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * discount) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * service_charge) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * service_tax) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * delivery_fee) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * rounding) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * total) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        0::bigint,
        coalesce(sum(sign) FILTER (WHERE status = 'REJECTED'), 0)::int,
        coalesce(sum(sign * total) FILTER (WHERE status = 'REJECTED'), 0)::bigint
    FROM d
    WHERE kopi_is_sale(status) OR status = 'REJECTED'
    GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO sales_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method, payment_method,
    orders, gross, discount, service_charge, service_tax, delivery_fee, rounding, net, refunds, rejected, rejected_total)
  SELECT g.* FROM g WHERE (g.orders <> 0 OR g.gross <> 0 OR g.discount <> 0 OR g.service_charge <> 0 OR g.service_tax <> 0 OR g.delivery_fee <> 0 OR g.rounding <> 0 OR g.net <> 0 OR g.refunds <> 0 OR g.rejected <> 0 OR g.rejected_total <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, payment_method) DO UPDATE SET
    orders = r.orders + excluded.orders,
    gross = r.gross + excluded.gross,
    discount = r.discount + excluded.discount,
    service_charge = r.service_charge + excluded.service_charge,
    service_tax = r.service_tax + excluded.service_tax,
    delivery_fee = r.delivery_fee + excluded.delivery_fee,
    rounding = r.rounding + excluded.rounding,
    net = r.net + excluded.net,
    refunds = r.refunds + excluded.refunds,
    rejected = r.rejected + excluded.rejected,
    rejected_total = r.rejected_total + excluded.rejected_total;
  RETURN NULL;
END;
$$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_orders_update"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows
  ), g (tenant_id, business_date, outlet_id, source, serving_method, payment_method,
      orders, gross, discount, service_charge, service_tax, delivery_fee, rounding, net, refunds, rejected, rejected_total) AS (
    SELECT tenant_id, business_date, outlet_id, source, serving_method,
        kopi_payment_label(payment_methods),
        coalesce(sum(sign) FILTER (WHERE kopi_is_sale(status)), 0)::int,
        coalesce(sum(sign * subtotal) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * discount) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * service_charge) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * service_tax) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * delivery_fee) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * rounding) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        coalesce(sum(sign * total) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
        0::bigint,
        coalesce(sum(sign) FILTER (WHERE status = 'REJECTED'), 0)::int,
        coalesce(sum(sign * total) FILTER (WHERE status = 'REJECTED'), 0)::bigint
    FROM d
    WHERE kopi_is_sale(status) OR status = 'REJECTED'
    GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO sales_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method, payment_method,
    orders, gross, discount, service_charge, service_tax, delivery_fee, rounding, net, refunds, rejected, rejected_total)
  SELECT g.* FROM g WHERE (g.orders <> 0 OR g.gross <> 0 OR g.discount <> 0 OR g.service_charge <> 0 OR g.service_tax <> 0 OR g.delivery_fee <> 0 OR g.rounding <> 0 OR g.net <> 0 OR g.refunds <> 0 OR g.rejected <> 0 OR g.rejected_total <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, payment_method) DO UPDATE SET
    orders = r.orders + excluded.orders,
    gross = r.gross + excluded.gross,
    discount = r.discount + excluded.discount,
    service_charge = r.service_charge + excluded.service_charge,
    service_tax = r.service_tax + excluded.service_tax,
    delivery_fee = r.delivery_fee + excluded.delivery_fee,
    rounding = r.rounding + excluded.rounding,
    net = r.net + excluded.net,
    refunds = r.refunds + excluded.refunds,
    rejected = r.rejected + excluded.rejected,
    rejected_total = r.rejected_total + excluded.rejected_total;

  WITH f AS (
    SELECT n.id, n.tenant_id,
      kopi_is_sale(o.status) AS o_sale, o.business_date AS o_date, o.outlet_id AS o_outlet,
      o.source AS o_source, o.serving_method AS o_serving,
      kopi_is_sale(n.status) AS n_sale, n.business_date AS n_date, n.outlet_id AS n_outlet,
      n.source AS n_source, n.serving_method AS n_serving
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE kopi_is_sale(o.status) <> kopi_is_sale(n.status)
      OR (kopi_is_sale(n.status) AND (o.business_date, o.outlet_id, o.source, o.serving_method)
        IS DISTINCT FROM (n.business_date, n.outlet_id, n.source, n.serving_method))
  ), d AS (
    SELECT f.tenant_id, f.o_date AS business_date, f.o_outlet AS outlet_id, f.o_source AS source,
      f.o_serving AS serving_method, -1 AS s,
      x.method, 1 AS payments, x.amount AS amount
    FROM f JOIN order_payments x ON x.order_id = f.id WHERE f.o_sale
    UNION ALL
    SELECT f.tenant_id, f.n_date, f.n_outlet, f.n_source, f.n_serving, 1, x.method, 1 AS payments, x.amount AS amount
    FROM f JOIN order_payments x ON x.order_id = f.id WHERE f.n_sale
  ), g AS (
    SELECT d.tenant_id, d.business_date, d.outlet_id, d.source, d.serving_method, d.method,
      sum(d.s * d.payments)::int AS payments,
      sum(d.s * d.amount)::bigint AS amount
    FROM d GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO sales_payment_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method, method, payments, amount)
  SELECT g.* FROM g WHERE (g.payments <> 0 OR g.amount <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, method) DO UPDATE SET
    payments = r.payments + excluded.payments,
    amount = r.amount + excluded.amount;

  WITH f AS (
    SELECT n.id, n.tenant_id,
      kopi_is_sale(o.status) AS o_sale, o.business_date AS o_date, o.outlet_id AS o_outlet,
      o.source AS o_source, o.serving_method AS o_serving,
      kopi_is_sale(n.status) AS n_sale, n.business_date AS n_date, n.outlet_id AS n_outlet,
      n.source AS n_source, n.serving_method AS n_serving
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE kopi_is_sale(o.status) <> kopi_is_sale(n.status)
      OR (kopi_is_sale(n.status) AND (o.business_date, o.outlet_id, o.source, o.serving_method)
        IS DISTINCT FROM (n.business_date, n.outlet_id, n.source, n.serving_method))
  ), d AS (
    SELECT f.tenant_id, f.o_date AS business_date, f.o_outlet AS outlet_id, -1 AS s,
      x.product_id, x.quantity AS quantity, x.line_total AS gross
    FROM f JOIN order_items x ON x.order_id = f.id WHERE f.o_sale
    UNION ALL
    SELECT f.tenant_id, f.n_date, f.n_outlet, 1, x.product_id, x.quantity AS quantity, x.line_total AS gross
    FROM f JOIN order_items x ON x.order_id = f.id WHERE f.n_sale
  ), g AS (
    SELECT d.tenant_id, d.business_date, d.outlet_id, d.product_id,
      sum(d.s * d.quantity)::int AS quantity,
      sum(d.s * d.gross)::bigint AS gross
    FROM d GROUP BY 1, 2, 3, 4
  )
  INSERT INTO product_sales_rollups AS r (tenant_id, business_date, outlet_id, product_id, quantity, gross)
  SELECT g.* FROM g WHERE (g.quantity <> 0 OR g.gross <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, product_id) DO UPDATE SET
    quantity = r.quantity + excluded.quantity,
    gross = r.gross + excluded.gross;
  RETURN NULL;
END;
$$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_refunds_insert"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT 1 AS sign, * FROM new_rows WHERE kopi_refund_counts(status, business_date)
  ), g AS (
    SELECT d.tenant_id, d.business_date, d.outlet_id, o.source, o.serving_method,
      kopi_payment_label(o.payment_methods) AS payment_method, sum(d.sign * d.amount)::bigint AS refunds
    FROM d JOIN orders o ON o.id = d.order_id
    GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO sales_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method, payment_method, refunds)
  SELECT g.* FROM g WHERE g.refunds <> 0 AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, payment_method) DO UPDATE SET
    refunds = r.refunds + excluded.refunds;

  WITH d AS (
    SELECT 1 AS sign, * FROM new_rows WHERE kopi_refund_counts(status, business_date)
  ), g AS (
    SELECT d.tenant_id, d.business_date, d.outlet_id, coalesce(d.payment_method, 'bank_transfer') AS method,
      sum(d.sign)::int AS refunds, sum(d.sign * d.amount)::bigint AS amount
    FROM d GROUP BY 1, 2, 3, 4
  )
  INSERT INTO refund_rollups AS r (tenant_id, business_date, outlet_id, method, refunds, amount)
  SELECT g.* FROM g WHERE (g.refunds <> 0 OR g.amount <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, method) DO UPDATE SET
    refunds = r.refunds + excluded.refunds,
    amount = r.amount + excluded.amount;

  WITH d AS (
    SELECT 1 AS sign, * FROM new_rows WHERE kopi_refund_counts(status, business_date)
  ), g AS (
    SELECT d.tenant_id, d.business_date, d.outlet_id, oi.product_id,
      sum(d.sign * ri.quantity)::int AS quantity, sum(d.sign * ri.amount)::bigint AS amount
    FROM d JOIN refund_items ri ON ri.refund_id = d.id JOIN order_items oi ON oi.id = ri.order_item_id
    GROUP BY 1, 2, 3, 4
  )
  INSERT INTO product_refund_rollups AS r (tenant_id, business_date, outlet_id, product_id, quantity, amount)
  SELECT g.* FROM g WHERE (g.quantity <> 0 OR g.amount <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, product_id) DO UPDATE SET
    quantity = r.quantity + excluded.quantity,
    amount = r.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_refunds_update"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT 1 AS sign, * FROM new_rows WHERE kopi_refund_counts(status, business_date)
    UNION ALL
    SELECT -1 AS sign, * FROM old_rows WHERE kopi_refund_counts(status, business_date)
  ), g AS (
    SELECT d.tenant_id, d.business_date, d.outlet_id, o.source, o.serving_method,
      kopi_payment_label(o.payment_methods) AS payment_method, sum(d.sign * d.amount)::bigint AS refunds
    FROM d JOIN orders o ON o.id = d.order_id
    GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO sales_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method, payment_method, refunds)
  SELECT g.* FROM g WHERE g.refunds <> 0 AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, payment_method) DO UPDATE SET
    refunds = r.refunds + excluded.refunds;

  WITH d AS (
    SELECT 1 AS sign, * FROM new_rows WHERE kopi_refund_counts(status, business_date)
    UNION ALL
    SELECT -1 AS sign, * FROM old_rows WHERE kopi_refund_counts(status, business_date)
  ), g AS (
    SELECT d.tenant_id, d.business_date, d.outlet_id, coalesce(d.payment_method, 'bank_transfer') AS method,
      sum(d.sign)::int AS refunds, sum(d.sign * d.amount)::bigint AS amount
    FROM d GROUP BY 1, 2, 3, 4
  )
  INSERT INTO refund_rollups AS r (tenant_id, business_date, outlet_id, method, refunds, amount)
  SELECT g.* FROM g WHERE (g.refunds <> 0 OR g.amount <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, method) DO UPDATE SET
    refunds = r.refunds + excluded.refunds,
    amount = r.amount + excluded.amount;

  WITH d AS (
    SELECT 1 AS sign, * FROM new_rows WHERE kopi_refund_counts(status, business_date)
    UNION ALL
    SELECT -1 AS sign, * FROM old_rows WHERE kopi_refund_counts(status, business_date)
  ), g AS (
    SELECT d.tenant_id, d.business_date, d.outlet_id, oi.product_id,
      sum(d.sign * ri.quantity)::int AS quantity, sum(d.sign * ri.amount)::bigint AS amount
    FROM d JOIN refund_items ri ON ri.refund_id = d.id JOIN order_items oi ON oi.id = ri.order_item_id
    GROUP BY 1, 2, 3, 4
  )
  INSERT INTO product_refund_rollups AS r (tenant_id, business_date, outlet_id, product_id, quantity, amount)
  SELECT g.* FROM g WHERE (g.quantity <> 0 OR g.amount <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, product_id) DO UPDATE SET
    quantity = r.quantity + excluded.quantity,
    amount = r.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_rollup_refunds_insert" AFTER INSERT ON "refunds"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_refunds_insert"();
--> statement-breakpoint
CREATE TRIGGER "kopi_rollup_refunds_update" AFTER UPDATE ON "refunds"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_refunds_update"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_refund_items_insert"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH g AS (
    SELECT f.tenant_id, f.business_date, f.outlet_id, oi.product_id,
      sum(x.quantity)::int AS quantity, sum(x.amount)::bigint AS amount
    FROM new_rows x JOIN refunds f ON f.id = x.refund_id JOIN order_items oi ON oi.id = x.order_item_id
    WHERE kopi_refund_counts(f.status, f.business_date)
    GROUP BY 1, 2, 3, 4
  )
  INSERT INTO product_refund_rollups AS r (tenant_id, business_date, outlet_id, product_id, quantity, amount)
  SELECT g.* FROM g WHERE (g.quantity <> 0 OR g.amount <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, product_id) DO UPDATE SET
    quantity = r.quantity + excluded.quantity,
    amount = r.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_rollup_refund_items_insert" AFTER INSERT ON "refund_items"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_refund_items_insert"();
--> statement-breakpoint
-- What was there before: sales_rollups.refunds held orders.refunded by the order's day. It is
-- rebuilt from the completed refunds (the channel rollup follows through its row trigger).
UPDATE sales_rollups SET refunds = 0 WHERE refunds <> 0;
--> statement-breakpoint
INSERT INTO sales_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method, payment_method, refunds)
SELECT f.tenant_id, f.business_date, f.outlet_id, o.source, o.serving_method, kopi_payment_label(o.payment_methods), sum(f.amount)
FROM refunds f JOIN orders o ON o.id = f.order_id
WHERE kopi_refund_counts(f.status, f.business_date)
GROUP BY 1, 2, 3, 4, 5, 6
ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, payment_method) DO UPDATE SET refunds = r.refunds + excluded.refunds;
--> statement-breakpoint
INSERT INTO refund_rollups (tenant_id, business_date, outlet_id, method, refunds, amount)
SELECT tenant_id, business_date, outlet_id, coalesce(payment_method, 'bank_transfer'), count(*), sum(amount)
FROM refunds WHERE kopi_refund_counts(status, business_date)
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO product_refund_rollups (tenant_id, business_date, outlet_id, product_id, quantity, amount)
SELECT f.tenant_id, f.business_date, f.outlet_id, oi.product_id, sum(ri.quantity), sum(ri.amount)
FROM refunds f JOIN refund_items ri ON ri.refund_id = f.id JOIN order_items oi ON oi.id = ri.order_item_id
WHERE kopi_refund_counts(f.status, f.business_date)
GROUP BY 1, 2, 3, 4;
