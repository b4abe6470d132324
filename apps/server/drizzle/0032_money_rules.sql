ALTER TABLE "z_reports" ADD COLUMN "cash_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "z_reports" ADD COLUMN "cash_refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "z_reports" ADD COLUMN "voided" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "z_reports" ADD COLUMN "voided_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "z_reports" ADD COLUMN "void_refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "shift_id" uuid;--> statement-breakpoint
ALTER TABLE "refund_rollups" ADD COLUMN "void_refunds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_rollups" ADD COLUMN "void_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_shift_idx" ON "refunds" USING btree ("shift_id") WHERE "refunds"."shift_id" is not null;--> statement-breakpoint
-- The money rules of decision 049 in one form. Each rule function says what ONE row contributes to
-- one rollup, with a sign (+1 added, -1 taken away); each adder sums a set of contributions by
-- rollup key and adds the differences (zero groups skipped), taking the tenant's live-event lock
-- first as every order writer does (decision 021). The statement triggers and the rebuild
-- (reports/rollup-rebuild.ts) both call them: a later change of a rule replaces its function, not
-- the triggers.
--   sale:   an order in a status kopi_is_sale names, on its business day;
--   refund: a COMPLETED (then CLOSED) refund on its booking day; of a sale, it is a refund in the
--           sales figures and by method; of a voided order (REJECTED after payment) it is only
--           drawer money (refund_rollups.void_*), never a refund of a sale.
-- An order whose status or keys change moves what its payments, lines and refunds contribute.
CREATE OR REPLACE FUNCTION "kopi_order_sales"(o orders, sign int) RETURNS sales_rollups
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(o.tenant_id, o.business_date, o.outlet_id, o.source, o.serving_method,
    kopi_payment_label(o.payment_methods),
    s * sign, s * sign * o.subtotal, s * sign * o.discount, s * sign * o.service_charge,
    s * sign * o.service_tax, s * sign * o.delivery_fee, s * sign * o.rounding, s * sign * o.total,
    0, r * sign, r * sign * o.total)::sales_rollups
  FROM (SELECT CASE WHEN kopi_is_sale(o.status) THEN 1 ELSE 0 END AS s,
               CASE WHEN o.status = 'REJECTED' THEN 1 ELSE 0 END AS r) f
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_payment_sales"(o orders, p order_payments, sign int)
  RETURNS sales_payment_rollups LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(o.tenant_id, o.business_date, o.outlet_id, o.source, o.serving_method, p.method,
    s * sign, s * sign * p.amount)::sales_payment_rollups
  FROM (SELECT CASE WHEN kopi_is_sale(o.status) THEN 1 ELSE 0 END AS s) f
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_item_sales"(o orders, i order_items, sign int)
  RETURNS product_sales_rollups LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(o.tenant_id, o.business_date, o.outlet_id, i.product_id,
    s * sign * i.quantity, s * sign * i.line_total)::product_sales_rollups
  FROM (SELECT CASE WHEN kopi_is_sale(o.status) THEN 1 ELSE 0 END AS s) f
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_refund_sales"(f refunds, o orders, sign int) RETURNS sales_rollups
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(f.tenant_id, f.business_date, f.outlet_id, o.source, o.serving_method,
    kopi_payment_label(o.payment_methods), 0, 0, 0, 0, 0, 0, 0, 0,
    CASE WHEN kopi_refund_counts(f.status, f.business_date) AND kopi_is_sale(o.status)
      THEN sign * f.amount ELSE 0 END, 0, 0)::sales_rollups
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_refund_methods"(f refunds, o orders, sign int) RETURNS refund_rollups
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(f.tenant_id, f.business_date, f.outlet_id, coalesce(f.payment_method, 'bank_transfer'),
    c * s * sign, c * s * sign * f.amount, c * (1 - s) * sign, c * (1 - s) * sign * f.amount)::refund_rollups
  FROM (SELECT CASE WHEN kopi_refund_counts(f.status, f.business_date) THEN 1 ELSE 0 END AS c,
               CASE WHEN kopi_is_sale(o.status) THEN 1 ELSE 0 END AS s) x
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_refund_items"(f refunds, o orders, ri refund_items, product_id uuid, sign int)
  RETURNS product_refund_rollups LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(f.tenant_id, f.business_date, f.outlet_id, product_id,
    c * sign * ri.quantity, c * sign * ri.amount)::product_refund_rollups
  FROM (SELECT CASE WHEN kopi_refund_counts(f.status, f.business_date) AND kopi_is_sale(o.status)
    THEN 1 ELSE 0 END AS c) x
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_sales"(d sales_rollups[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_rollups AS r (tenant_id, business_date, outlet_id, source, serving_method,
    payment_method, orders, gross, discount, service_charge, service_tax, delivery_fee, rounding,
    net, refunds, rejected, rejected_total)
  SELECT tenant_id, business_date, outlet_id, source, serving_method, payment_method,
    sum(orders), sum(gross), sum(discount), sum(service_charge), sum(service_tax),
    sum(delivery_fee), sum(rounding), sum(net), sum(refunds), sum(rejected), sum(rejected_total)
  FROM unnest(d) GROUP BY 1, 2, 3, 4, 5, 6
  HAVING (sum(orders) <> 0 OR sum(gross) <> 0 OR sum(discount) <> 0 OR sum(service_charge) <> 0
    OR sum(service_tax) <> 0 OR sum(delivery_fee) <> 0 OR sum(rounding) <> 0 OR sum(net) <> 0
    OR sum(refunds) <> 0 OR sum(rejected) <> 0 OR sum(rejected_total) <> 0)
    AND kopi_rollup_lock(tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, payment_method)
  DO UPDATE SET orders = r.orders + excluded.orders, gross = r.gross + excluded.gross,
    discount = r.discount + excluded.discount,
    service_charge = r.service_charge + excluded.service_charge,
    service_tax = r.service_tax + excluded.service_tax,
    delivery_fee = r.delivery_fee + excluded.delivery_fee,
    rounding = r.rounding + excluded.rounding, net = r.net + excluded.net,
    refunds = r.refunds + excluded.refunds, rejected = r.rejected + excluded.rejected,
    rejected_total = r.rejected_total + excluded.rejected_total
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_payments"(d sales_payment_rollups[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_payment_rollups AS r (tenant_id, business_date, outlet_id, source,
    serving_method, method, payments, amount)
  SELECT tenant_id, business_date, outlet_id, source, serving_method, method, sum(payments), sum(amount)
  FROM unnest(d) GROUP BY 1, 2, 3, 4, 5, 6
  HAVING (sum(payments) <> 0 OR sum(amount) <> 0) AND kopi_rollup_lock(tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method, method)
  DO UPDATE SET payments = r.payments + excluded.payments, amount = r.amount + excluded.amount
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_products"(d product_sales_rollups[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_sales_rollups AS r (tenant_id, business_date, outlet_id, product_id, quantity, gross)
  SELECT tenant_id, business_date, outlet_id, product_id, sum(quantity), sum(gross)
  FROM unnest(d) GROUP BY 1, 2, 3, 4
  HAVING (sum(quantity) <> 0 OR sum(gross) <> 0) AND kopi_rollup_lock(tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, product_id)
  DO UPDATE SET quantity = r.quantity + excluded.quantity, gross = r.gross + excluded.gross
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_refunds"(d refund_rollups[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO refund_rollups AS r (tenant_id, business_date, outlet_id, method, refunds, amount,
    void_refunds, void_amount)
  SELECT tenant_id, business_date, outlet_id, method, sum(refunds), sum(amount), sum(void_refunds),
    sum(void_amount)
  FROM unnest(d) GROUP BY 1, 2, 3, 4
  HAVING (sum(refunds) <> 0 OR sum(amount) <> 0 OR sum(void_refunds) <> 0 OR sum(void_amount) <> 0)
    AND kopi_rollup_lock(tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, method)
  DO UPDATE SET refunds = r.refunds + excluded.refunds, amount = r.amount + excluded.amount,
    void_refunds = r.void_refunds + excluded.void_refunds,
    void_amount = r.void_amount + excluded.void_amount
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_product_refunds"(d product_refund_rollups[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO product_refund_rollups AS r (tenant_id, business_date, outlet_id, product_id, quantity, amount)
  SELECT tenant_id, business_date, outlet_id, product_id, sum(quantity), sum(amount)
  FROM unnest(d) GROUP BY 1, 2, 3, 4
  HAVING (sum(quantity) <> 0 OR sum(amount) <> 0) AND kopi_rollup_lock(tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, product_id)
  DO UPDATE SET quantity = r.quantity + excluded.quantity, amount = r.amount + excluded.amount
$$;
--> statement-breakpoint
-- What a set of orders contributes: `plus` added, `minus` (their state before a change) taken away.
CREATE OR REPLACE FUNCTION "kopi_add_orders"(plus orders[], minus orders[]) RETURNS void
  LANGUAGE sql AS $$
  SELECT kopi_add_sales(array(
    SELECT kopi_order_sales(o, 1) FROM unnest(plus) o
    UNION ALL SELECT kopi_order_sales(o, -1) FROM unnest(minus) o))
$$;
--> statement-breakpoint
-- What the payment lines and the item lines of a set of orders contribute.
CREATE OR REPLACE FUNCTION "kopi_add_order_lines"(plus orders[], minus orders[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_payments(array(
    SELECT kopi_payment_sales(o, p, 1) FROM unnest(plus) o JOIN order_payments p ON p.order_id = o.id
    UNION ALL
    SELECT kopi_payment_sales(o, p, -1) FROM unnest(minus) o JOIN order_payments p ON p.order_id = o.id));
  PERFORM kopi_add_products(array(
    SELECT kopi_item_sales(o, i, 1) FROM unnest(plus) o JOIN order_items i ON i.order_id = o.id
    UNION ALL
    SELECT kopi_item_sales(o, i, -1) FROM unnest(minus) o JOIN order_items i ON i.order_id = o.id));
END;
$$;
--> statement-breakpoint
-- What refunds contribute, each against its order as given beside it (`plus_o` / `minus_o`: the
-- order as it is, or as it was before a change).
CREATE OR REPLACE FUNCTION "kopi_add_refund_pairs"(plus_f refunds[], plus_o orders[], minus_f refunds[],
  minus_o orders[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_sales(array(
    SELECT kopi_refund_sales(f, o, 1) FROM unnest(plus_f) f JOIN unnest(plus_o) o ON o.id = f.order_id
    UNION ALL
    SELECT kopi_refund_sales(f, o, -1) FROM unnest(minus_f) f JOIN unnest(minus_o) o ON o.id = f.order_id));
  PERFORM kopi_add_refunds(array(
    SELECT kopi_refund_methods(f, o, 1) FROM unnest(plus_f) f JOIN unnest(plus_o) o ON o.id = f.order_id
    UNION ALL
    SELECT kopi_refund_methods(f, o, -1) FROM unnest(minus_f) f JOIN unnest(minus_o) o ON o.id = f.order_id));
  PERFORM kopi_add_product_refunds(array(
    SELECT kopi_refund_items(f, o, ri, oi.product_id, 1)
    FROM unnest(plus_f) f JOIN unnest(plus_o) o ON o.id = f.order_id
      JOIN refund_items ri ON ri.refund_id = f.id JOIN order_items oi ON oi.id = ri.order_item_id
    UNION ALL
    SELECT kopi_refund_items(f, o, ri, oi.product_id, -1)
    FROM unnest(minus_f) f JOIN unnest(minus_o) o ON o.id = f.order_id
      JOIN refund_items ri ON ri.refund_id = f.id JOIN order_items oi ON oi.id = ri.order_item_id));
END;
$$;
--> statement-breakpoint
-- The triggers: the same functions over each statement's rows. An order INSERT leaves its lines
-- to their own triggers (the POS statement writes them with the order: they run after it and see
-- it). An order UPDATE that changes what the rules read (status, day, outlet, channel, methods)
-- moves its lines and refunds from the old state to the new one.
CREATE OR REPLACE FUNCTION "kopi_rollup_orders_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_orders(array(SELECT n::orders FROM new_rows n), NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_orders_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus orders[];
  minus orders[];
  fs refunds[];
BEGIN
  PERFORM kopi_add_orders(array(SELECT n::orders FROM new_rows n), array(SELECT o::orders FROM old_rows o));
  SELECT array_agg(n::orders), array_agg(o::orders) INTO plus, minus
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.tenant_id, n.status, n.business_date, n.outlet_id, n.source, n.serving_method, n.payment_methods)
    IS DISTINCT FROM (o.tenant_id, o.status, o.business_date, o.outlet_id, o.source, o.serving_method, o.payment_methods);
  IF plus IS NULL THEN RETURN NULL; END IF;
  PERFORM kopi_add_order_lines(plus, minus);
  fs := array(SELECT f FROM refunds f WHERE f.order_id IN (SELECT p.id FROM unnest(plus) p));
  PERFORM kopi_add_refund_pairs(fs, plus, fs, minus);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_payments_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_payments(array(
    SELECT kopi_payment_sales(o, n::order_payments, 1) FROM new_rows n JOIN orders o ON o.id = n.order_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_payments_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_payments(array(
    SELECT kopi_payment_sales(o, n::order_payments, 1) FROM new_rows n JOIN orders o ON o.id = n.order_id
    UNION ALL
    SELECT kopi_payment_sales(o, x::order_payments, -1) FROM old_rows x JOIN orders o ON o.id = x.order_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_payments_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_payments(array(
    SELECT kopi_payment_sales(o, x::order_payments, -1) FROM old_rows x JOIN orders o ON o.id = x.order_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_items_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_products(array(
    SELECT kopi_item_sales(o, n::order_items, 1) FROM new_rows n JOIN orders o ON o.id = n.order_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_items_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_products(array(
    SELECT kopi_item_sales(o, n::order_items, 1) FROM new_rows n JOIN orders o ON o.id = n.order_id
    UNION ALL
    SELECT kopi_item_sales(o, x::order_items, -1) FROM old_rows x JOIN orders o ON o.id = x.order_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_items_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_products(array(
    SELECT kopi_item_sales(o, x::order_items, -1) FROM old_rows x JOIN orders o ON o.id = x.order_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_refunds_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_refund_pairs(array(SELECT n::refunds FROM new_rows n),
    array(SELECT o FROM orders o WHERE o.id IN (SELECT order_id FROM new_rows)), NULL, NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_refunds_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  os orders[] := array(SELECT o FROM orders o WHERE o.id IN (SELECT order_id FROM new_rows));
BEGIN
  PERFORM kopi_add_refund_pairs(array(SELECT n::refunds FROM new_rows n), os, array(SELECT x::refunds FROM old_rows x), os);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_refund_items_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_product_refunds(array(
    SELECT kopi_refund_items(f, o, n::refund_items, oi.product_id, 1)
    FROM new_rows n JOIN refunds f ON f.id = n.refund_id JOIN orders o ON o.id = f.order_id
      JOIN order_items oi ON oi.id = n.order_item_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Refunds of voided orders leave the sales figures and the refunds by method: the refund rollups
-- are rebuilt from the refunds by the rules above (sales_channel_rollups follows through its
-- row trigger). Stored Z-reports stay as they were closed.
UPDATE sales_rollups SET refunds = 0 WHERE refunds <> 0;
--> statement-breakpoint
DELETE FROM refund_rollups;
--> statement-breakpoint
DELETE FROM product_refund_rollups;
--> statement-breakpoint
SELECT kopi_add_refund_pairs(array(SELECT f FROM refunds f),
  array(SELECT o FROM orders o WHERE o.id IN (SELECT order_id FROM refunds)), NULL, NULL);
--> statement-breakpoint
-- Completed refunds keep the shift the drawer rule of decision 035 gave them (the shift open on
-- their order's till when they completed); new ones name the shift that paid them.
UPDATE refunds f SET shift_id = s.id
FROM orders o, shifts s
WHERE o.id = f.order_id AND s.till_id = o.till_id AND s.tenant_id = f.tenant_id
  AND f.status IN ('COMPLETED', 'CLOSED') AND f.completed_at >= s.opened_at
  AND (s.closed_at IS NULL OR f.completed_at <= s.closed_at);
--> statement-breakpoint
-- A stored Z-report keeps the drawer it was closed with: cash taken as its expected cash plus the
-- cash refunds it subtracted.
UPDATE z_reports SET
  cash_refunds = coalesce((SELECT sum((m->>'amount')::int) FROM jsonb_array_elements(refunds_by_method) m
    WHERE m->>'method' = 'cash'), 0),
  cash_taken = expected_cash + coalesce((SELECT sum((m->>'amount')::int)
    FROM jsonb_array_elements(refunds_by_method) m WHERE m->>'method' = 'cash'), 0);
