CREATE TABLE "product_sales_rollups" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_sales_rollups_pk" PRIMARY KEY("tenant_id","business_date","outlet_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_payment_rollups" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"source" text NOT NULL,
	"serving_method" text NOT NULL,
	"method" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_payment_rollups_pk" PRIMARY KEY("tenant_id","business_date","outlet_id","source","serving_method","method")
);
--> statement-breakpoint
CREATE TABLE "sales_rollups" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"source" text NOT NULL,
	"serving_method" text NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"service_charge" bigint DEFAULT 0 NOT NULL,
	"service_tax" bigint DEFAULT 0 NOT NULL,
	"delivery_fee" bigint DEFAULT 0 NOT NULL,
	"rounding" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"rejected_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_rollups_pk" PRIMARY KEY("tenant_id","business_date","outlet_id","source","serving_method","payment_method")
);
--> statement-breakpoint
ALTER TABLE "product_sales_rollups" ADD CONSTRAINT "product_sales_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales_rollups" ADD CONSTRAINT "product_sales_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sales_rollups" ADD CONSTRAINT "product_sales_rollups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_payment_rollups" ADD CONSTRAINT "sales_payment_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_payment_rollups" ADD CONSTRAINT "sales_payment_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rollups" ADD CONSTRAINT "sales_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rollups" ADD CONSTRAINT "sales_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_tenant_created_idx" ON "orders" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("tenant_id","outlet_id","status") WHERE "orders"."status" in ('CREATED', 'PENDING', 'APPROVED');--> statement-breakpoint
-- Report rollups are kept by statement-level AFTER triggers (decision 021): every writer of
-- orders, order_items and order_payments (the POS sale statement, status moves, the day close,
-- app orders and their payment callbacks, refunds later) updates them in its own transaction.
-- Each trigger adds what the new rows contribute and takes away what the old rows did, grouped by
-- rollup key: one upsert per key and statement, not one per row. A sale is an order in PENDING,
-- APPROVED, COMPLETED or CLOSED; REJECTED orders are counted apart in sales_rollups.
-- Who adds what, so nothing is counted twice:
--   sales_rollups          the orders triggers alone, from the order rows themselves;
--   sales_payment_rollups  the order_payments triggers, for payments of orders that are sales;
--                          the orders UPDATE trigger, for the payments already written when an
--                          order becomes or stops being a sale;
--   product_sales_rollups  the same with order_items.
-- So lines and payments are written with the order (same statement: their triggers run after it
-- and see the order) or after it; one statement must not both flip an order and add its payments.
-- Before touching a rollup row a trigger takes the tenant's live-event lock (held to commit, and
-- taken by every order writer anyway), so writers meet rollup rows in one lock order.
CREATE OR REPLACE FUNCTION "kopi_is_sale"(status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status IN ('PENDING', 'APPROVED', 'COMPLETED', 'CLOSED') $$;
--> statement-breakpoint
-- The payment-method key of an order: its one method, 'split' for several, 'none' unpaid.
CREATE OR REPLACE FUNCTION "kopi_payment_label"(methods text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE (SELECT count(DISTINCT m) FROM unnest(methods) m)
      WHEN 0 THEN 'none'
      WHEN 1 THEN methods[1]
      ELSE 'split'
    END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_lock"(tenant uuid) RETURNS boolean
  LANGUAGE plpgsql VOLATILE
  AS $$
BEGIN
  -- The key of liveEventLock in live-events.ts: hashtext('live:' || tenant id).
  PERFORM pg_advisory_xact_lock(hashtext('live:' || tenant::text));
  RETURN true;
END;
$$;
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
        coalesce(sum(sign * refunded) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
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
        coalesce(sum(sign * refunded) FILTER (WHERE kopi_is_sale(status)), 0)::bigint,
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
CREATE TRIGGER "kopi_rollup_orders_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_orders_insert"();
--> statement-breakpoint
CREATE TRIGGER "kopi_rollup_orders_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_orders_update"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_payments_insert"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT 1 AS s, x.order_id, x.method, 1 AS payments, x.amount AS amount FROM new_rows x
  ), g AS (
    SELECT o.tenant_id, o.business_date, o.outlet_id, o.source, o.serving_method, d.method,
      sum(d.s * d.payments)::int AS payments,
      sum(d.s * d.amount)::bigint AS amount
    FROM d JOIN orders o ON o.id = d.order_id
    WHERE kopi_is_sale(o.status)
    GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO sales_payment_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method, method, payments, amount)
  SELECT g.* FROM g WHERE (g.payments <> 0 OR g.amount <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, method) DO UPDATE SET
    payments = r.payments + excluded.payments,
    amount = r.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_rollup_payments_insert" AFTER INSERT ON "order_payments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_payments_insert"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_payments_update"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT 1 AS s, x.order_id, x.method, 1 AS payments, x.amount AS amount FROM new_rows x
    UNION ALL
    SELECT -1 AS s, x.order_id, x.method, 1 AS payments, x.amount AS amount FROM old_rows x
  ), g AS (
    SELECT o.tenant_id, o.business_date, o.outlet_id, o.source, o.serving_method, d.method,
      sum(d.s * d.payments)::int AS payments,
      sum(d.s * d.amount)::bigint AS amount
    FROM d JOIN orders o ON o.id = d.order_id
    WHERE kopi_is_sale(o.status)
    GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO sales_payment_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method, method, payments, amount)
  SELECT g.* FROM g WHERE (g.payments <> 0 OR g.amount <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, method) DO UPDATE SET
    payments = r.payments + excluded.payments,
    amount = r.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_rollup_payments_update" AFTER UPDATE ON "order_payments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_payments_update"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_payments_delete"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT -1 AS s, x.order_id, x.method, 1 AS payments, x.amount AS amount FROM old_rows x
  ), g AS (
    SELECT o.tenant_id, o.business_date, o.outlet_id, o.source, o.serving_method, d.method,
      sum(d.s * d.payments)::int AS payments,
      sum(d.s * d.amount)::bigint AS amount
    FROM d JOIN orders o ON o.id = d.order_id
    WHERE kopi_is_sale(o.status)
    GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO sales_payment_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method, method, payments, amount)
  SELECT g.* FROM g WHERE (g.payments <> 0 OR g.amount <> 0) AND kopi_rollup_lock(g.tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, method) DO UPDATE SET
    payments = r.payments + excluded.payments,
    amount = r.amount + excluded.amount;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_rollup_payments_delete" AFTER DELETE ON "order_payments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_payments_delete"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_items_insert"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT 1 AS s, x.order_id, x.product_id, x.quantity AS quantity, x.line_total AS gross FROM new_rows x
  ), g AS (
    SELECT o.tenant_id, o.business_date, o.outlet_id, d.product_id,
      sum(d.s * d.quantity)::int AS quantity,
      sum(d.s * d.gross)::bigint AS gross
    FROM d JOIN orders o ON o.id = d.order_id
    WHERE kopi_is_sale(o.status)
    GROUP BY 1, 2, 3, 4
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
CREATE TRIGGER "kopi_rollup_items_insert" AFTER INSERT ON "order_items"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_items_insert"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_items_update"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT 1 AS s, x.order_id, x.product_id, x.quantity AS quantity, x.line_total AS gross FROM new_rows x
    UNION ALL
    SELECT -1 AS s, x.order_id, x.product_id, x.quantity AS quantity, x.line_total AS gross FROM old_rows x
  ), g AS (
    SELECT o.tenant_id, o.business_date, o.outlet_id, d.product_id,
      sum(d.s * d.quantity)::int AS quantity,
      sum(d.s * d.gross)::bigint AS gross
    FROM d JOIN orders o ON o.id = d.order_id
    WHERE kopi_is_sale(o.status)
    GROUP BY 1, 2, 3, 4
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
CREATE TRIGGER "kopi_rollup_items_update" AFTER UPDATE ON "order_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_items_update"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_items_delete"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    SELECT -1 AS s, x.order_id, x.product_id, x.quantity AS quantity, x.line_total AS gross FROM old_rows x
  ), g AS (
    SELECT o.tenant_id, o.business_date, o.outlet_id, d.product_id,
      sum(d.s * d.quantity)::int AS quantity,
      sum(d.s * d.gross)::bigint AS gross
    FROM d JOIN orders o ON o.id = d.order_id
    WHERE kopi_is_sale(o.status)
    GROUP BY 1, 2, 3, 4
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
CREATE TRIGGER "kopi_rollup_items_delete" AFTER DELETE ON "order_items"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_rollup_items_delete"();
