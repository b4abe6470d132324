-- Voucher figures (decision 053), kept in the writing transaction by statement-level AFTER
-- triggers like the sales rollups (decision 021, migration 0032): each rule function says what
-- ONE row contributes to voucher_rollups with a sign, and one adder sums contributions by key and
-- adds the differences (zero groups skipped), taking the tenant's live-event lock first.
--   use:     a redemption, on its order's business day: redemptions + 1 and its discount, whatever
--            happens to it later (a give-back is counted apart, on its own day);
--   sales:   the total of the order that carried a redemption while that order is a sale
--            (kopi_is_sale), on the order's business day: as sales_rollups.net counts it;
--   refund:  a completed refund of a sale that carried a redemption, on the refund's booking day:
--            as sales_rollups.refunds counts it;
--   return:  a redemption given back, on the business day of its give-back (kopi_booked_day).
-- A redemption names its voucher and campaign, so every contribution of it and of its order and
-- refunds lands under that voucher and campaign.
--
-- The booking day of a moment at an outlet: the outlet's business day then (its zone, the
-- tenant's cut-off hour), or the first day after it that was not yet closed at that moment, as
-- refunds are booked (decision 049). "Closed at that moment" keeps the answer the same whenever
-- it is asked again, so a rebuild agrees with what the trigger added.
CREATE OR REPLACE FUNCTION "kopi_booked_day"(tenant uuid, outlet uuid, at timestamptz) RETURNS date
  LANGUAGE sql STABLE AS $$
  SELECT d::date
  FROM outlets o JOIN tenants t ON t.id = o.tenant_id,
    generate_series(((at AT TIME ZONE o.timezone) - make_interval(hours => t.business_day_cutoff_hour))::date,
      ((at AT TIME ZONE o.timezone) - make_interval(hours => t.business_day_cutoff_hour))::date + 366,
      interval '1 day') d
  WHERE o.id = outlet AND o.tenant_id = tenant
    AND NOT EXISTS (SELECT 1 FROM order_counters c
      WHERE c.outlet_id = outlet AND c.business_date = d::date AND c.closed_at <= at)
  ORDER BY d LIMIT 1
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_redemption_use"(v voucher_redemptions, sign int) RETURNS voucher_rollups
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(v.tenant_id, v.business_date::date, v.outlet_id, v.voucher_id, v.campaign_id,
    sign, sign * v.discount, 0, 0, 0, 0)::voucher_rollups
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_redemption_return"(v voucher_redemptions, sign int) RETURNS voucher_rollups
  LANGUAGE sql STABLE AS $$
  SELECT ROW(v.tenant_id, kopi_booked_day(v.tenant_id, v.outlet_id, v.returned_at), v.outlet_id,
    v.voucher_id, v.campaign_id, 0, 0, 0, r * sign, r * sign * v.discount, 0)::voucher_rollups
  FROM (SELECT CASE WHEN v.status = 'returned' AND v.returned_at IS NOT NULL THEN 1 ELSE 0 END AS r) x
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_redemption_sales"(v voucher_redemptions, o orders, sign int) RETURNS voucher_rollups
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(v.tenant_id, o.business_date, o.outlet_id, v.voucher_id, v.campaign_id, 0, 0,
    CASE WHEN kopi_is_sale(o.status) THEN sign * o.total ELSE 0 END, 0, 0, 0)::voucher_rollups
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_redemption_refund"(v voucher_redemptions, f refunds, o orders, sign int)
  RETURNS voucher_rollups LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(v.tenant_id, f.business_date, f.outlet_id, v.voucher_id, v.campaign_id, 0, 0, 0, 0, 0,
    CASE WHEN kopi_refund_counts(f.status, f.business_date) AND kopi_is_sale(o.status)
      THEN sign * f.amount ELSE 0 END)::voucher_rollups
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_voucher_figures"(d voucher_rollups[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO voucher_rollups AS r (tenant_id, business_date, outlet_id, voucher_id, campaign_id,
    redemptions, discount, sales, returned, returned_discount, refunds)
  SELECT tenant_id, business_date, outlet_id, voucher_id, campaign_id, sum(redemptions),
    sum(discount), sum(sales), sum(returned), sum(returned_discount), sum(refunds)
  FROM unnest(d) GROUP BY 1, 2, 3, 4, 5
  HAVING (sum(redemptions) <> 0 OR sum(discount) <> 0 OR sum(sales) <> 0 OR sum(returned) <> 0
    OR sum(returned_discount) <> 0 OR sum(refunds) <> 0)
    AND kopi_rollup_lock(tenant_id)
  ON CONFLICT ON CONSTRAINT voucher_rollups_key
  DO UPDATE SET redemptions = r.redemptions + excluded.redemptions,
    discount = r.discount + excluded.discount, sales = r.sales + excluded.sales,
    returned = r.returned + excluded.returned,
    returned_discount = r.returned_discount + excluded.returned_discount,
    refunds = r.refunds + excluded.refunds
$$;
--> statement-breakpoint
-- What a set of redemptions contributes with their orders and refunds as they are now: `plus`
-- added, `minus` (their state before a change) taken away.
CREATE OR REPLACE FUNCTION "kopi_add_redemptions"(plus voucher_redemptions[], minus voucher_redemptions[])
  RETURNS void LANGUAGE sql AS $$
  SELECT kopi_add_voucher_figures(array(
    SELECT kopi_redemption_use(v, 1) FROM unnest(plus) v
    UNION ALL SELECT kopi_redemption_use(v, -1) FROM unnest(minus) v
    UNION ALL SELECT kopi_redemption_return(v, 1) FROM unnest(plus) v WHERE v.status = 'returned'
    UNION ALL SELECT kopi_redemption_return(v, -1) FROM unnest(minus) v WHERE v.status = 'returned'
    UNION ALL SELECT kopi_redemption_sales(v, o, 1) FROM unnest(plus) v JOIN orders o ON o.id = v.order_id
    UNION ALL SELECT kopi_redemption_sales(v, o, -1) FROM unnest(minus) v JOIN orders o ON o.id = v.order_id
    UNION ALL SELECT kopi_redemption_refund(v, f, o, 1)
      FROM unnest(plus) v JOIN orders o ON o.id = v.order_id JOIN refunds f ON f.order_id = o.id
    UNION ALL SELECT kopi_redemption_refund(v, f, o, -1)
      FROM unnest(minus) v JOIN orders o ON o.id = v.order_id JOIN refunds f ON f.order_id = o.id))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_voucher_rollup_redemptions_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_redemptions(array(SELECT n::voucher_redemptions FROM new_rows n), NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A give-back changes status and returned_at; only rows whose figures' inputs change move.
CREATE OR REPLACE FUNCTION "kopi_voucher_rollup_redemptions_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus voucher_redemptions[];
  minus voucher_redemptions[];
BEGIN
  SELECT array_agg(n::voucher_redemptions), array_agg(o::voucher_redemptions) INTO plus, minus
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.tenant_id, n.voucher_id, n.campaign_id, n.order_id, n.outlet_id, n.discount,
      n.business_date, n.status, n.returned_at)
    IS DISTINCT FROM (o.tenant_id, o.voucher_id, o.campaign_id, o.order_id, o.outlet_id, o.discount,
      o.business_date, o.status, o.returned_at);
  IF plus IS NULL THEN RETURN NULL; END IF;
  PERFORM kopi_add_redemptions(plus, minus);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An order that carried a voucher and changes what the rules read (status, day, outlet, total)
-- moves its sales and its refunds from the old state to the new one.
CREATE OR REPLACE FUNCTION "kopi_voucher_rollup_orders_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_voucher_figures(array(
    SELECT kopi_redemption_sales(v, n::orders, 1)
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN voucher_redemptions v ON v.order_id = n.id
    WHERE (n.status, n.business_date, n.outlet_id, n.total) IS DISTINCT FROM (o.status, o.business_date, o.outlet_id, o.total)
    UNION ALL
    SELECT kopi_redemption_sales(v, o::orders, -1)
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN voucher_redemptions v ON v.order_id = n.id
    WHERE (n.status, n.business_date, n.outlet_id, n.total) IS DISTINCT FROM (o.status, o.business_date, o.outlet_id, o.total)
    UNION ALL
    SELECT kopi_redemption_refund(v, f, n::orders, 1)
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN voucher_redemptions v ON v.order_id = n.id
      JOIN refunds f ON f.order_id = n.id
    WHERE kopi_is_sale(n.status) <> kopi_is_sale(o.status)
    UNION ALL
    SELECT kopi_redemption_refund(v, f, o::orders, -1)
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN voucher_redemptions v ON v.order_id = n.id
      JOIN refunds f ON f.order_id = n.id
    WHERE kopi_is_sale(n.status) <> kopi_is_sale(o.status)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Refunds are never deleted (only with their tenant, whose rollups go too).
CREATE OR REPLACE FUNCTION "kopi_voucher_rollup_refunds_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_voucher_figures(array(
    SELECT kopi_redemption_refund(v, n::refunds, o, 1)
    FROM new_rows n JOIN orders o ON o.id = n.order_id JOIN voucher_redemptions v ON v.order_id = n.order_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_voucher_rollup_refunds_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_voucher_figures(array(
    SELECT kopi_redemption_refund(v, n::refunds, o, 1)
    FROM new_rows n JOIN orders o ON o.id = n.order_id JOIN voucher_redemptions v ON v.order_id = n.order_id
    UNION ALL
    SELECT kopi_redemption_refund(v, x::refunds, o, -1)
    FROM old_rows x JOIN orders o ON o.id = x.order_id JOIN voucher_redemptions v ON v.order_id = x.order_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_voucher_rollup_redemptions_insert" AFTER INSERT ON "voucher_redemptions"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_voucher_rollup_redemptions_insert"();
--> statement-breakpoint
CREATE TRIGGER "kopi_voucher_rollup_redemptions_update" AFTER UPDATE ON "voucher_redemptions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_voucher_rollup_redemptions_update"();
--> statement-breakpoint
CREATE TRIGGER "kopi_voucher_rollup_orders_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_voucher_rollup_orders_update"();
--> statement-breakpoint
CREATE TRIGGER "kopi_voucher_rollup_refunds_insert" AFTER INSERT ON "refunds"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_voucher_rollup_refunds_insert"();
--> statement-breakpoint
CREATE TRIGGER "kopi_voucher_rollup_refunds_update" AFTER UPDATE ON "refunds"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_voucher_rollup_refunds_update"();
--> statement-breakpoint
-- The redemptions written before these triggers, with their orders, refunds and give-backs.
DELETE FROM voucher_rollups;
--> statement-breakpoint
SELECT kopi_add_redemptions(array(SELECT v FROM voucher_redemptions v), NULL);
