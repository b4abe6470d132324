CREATE TABLE "sales_hour_rollups" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"local_hour" timestamp NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_hour_rollups_pk" PRIMARY KEY("tenant_id","business_date","outlet_id","local_hour")
);
--> statement-breakpoint
ALTER TABLE "sales_hour_rollups" ADD CONSTRAINT "sales_hour_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_hour_rollups" ADD CONSTRAINT "sales_hour_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_tenant_order_no_pattern_idx" ON "orders" USING btree ("tenant_id","order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_tenant_customer_phone_idx" ON "orders" USING btree ("tenant_id","customer_phone" text_pattern_ops) WHERE "orders"."customer_phone" is not null;--> statement-breakpoint
-- Sales by local clock hour (the dashboard's hours), kept in the writing transaction by
-- statement-level AFTER triggers on orders like the other sales rollups (decision 021, migration
-- 0032): what ONE order contributes with a sign, and one adder summing contributions by key and
-- adding the differences (zero groups skipped) under the tenant's live-event lock. The hour is
-- the order's creation time on its outlet's clock (the outlet's zone), truncated to the hour; a
-- sale is an order in a status kopi_is_sale names, so a rejection or any other status move takes
-- it out as it does from sales_rollups.
CREATE OR REPLACE FUNCTION "kopi_order_hour_sales"(o orders, timezone text, sign int)
  RETURNS sales_hour_rollups LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(o.tenant_id, o.business_date, o.outlet_id,
    date_trunc('hour', o.created_at AT TIME ZONE timezone),
    s * sign, s * sign * o.total)::sales_hour_rollups
  FROM (SELECT CASE WHEN kopi_is_sale(o.status) THEN 1 ELSE 0 END AS s) f
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_hour_sales"(d sales_hour_rollups[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_hour_rollups AS r (tenant_id, business_date, outlet_id, local_hour, orders, net)
  SELECT tenant_id, business_date, outlet_id, local_hour, sum(orders), sum(net)
  FROM unnest(d) GROUP BY 1, 2, 3, 4
  HAVING (sum(orders) <> 0 OR sum(net) <> 0) AND kopi_rollup_lock(tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id, local_hour)
  DO UPDATE SET orders = r.orders + excluded.orders, net = r.net + excluded.net
$$;
--> statement-breakpoint
-- What a set of orders contributes: `plus` added, `minus` (their state before a change) taken away,
-- each in its outlet's zone.
CREATE OR REPLACE FUNCTION "kopi_add_order_hours"(plus orders[], minus orders[]) RETURNS void
  LANGUAGE sql AS $$
  SELECT kopi_add_hour_sales(array(
    SELECT kopi_order_hour_sales(o, ot.timezone, 1) FROM unnest(plus) o JOIN outlets ot ON ot.id = o.outlet_id
    UNION ALL
    SELECT kopi_order_hour_sales(o, ot.timezone, -1) FROM unnest(minus) o JOIN outlets ot ON ot.id = o.outlet_id))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_hour_rollup_orders_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_order_hours(array(SELECT n::orders FROM new_rows n), NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only the orders whose status, day, outlet, creation time or total changed move anything.
CREATE OR REPLACE FUNCTION "kopi_hour_rollup_orders_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus orders[];
  minus orders[];
BEGIN
  SELECT array_agg(n::orders), array_agg(o::orders) INTO plus, minus
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (n.tenant_id, n.status, n.business_date, n.outlet_id, n.created_at, n.total)
    IS DISTINCT FROM (o.tenant_id, o.status, o.business_date, o.outlet_id, o.created_at, o.total);
  IF plus IS NULL THEN RETURN NULL; END IF;
  PERFORM kopi_add_order_hours(plus, minus);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An outlet that moves to another zone: its hours are read again from its orders in the new zone,
-- as the dashboard read them from the orders before this rollup (a rare settings change).
CREATE OR REPLACE FUNCTION "kopi_hour_rollup_outlets_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_hour_rollups r USING new_rows n JOIN old_rows o ON o.id = n.id
  WHERE r.outlet_id = n.id AND n.timezone IS DISTINCT FROM o.timezone AND kopi_rollup_lock(n.tenant_id);
  PERFORM kopi_add_order_hours(array(
    SELECT x FROM orders x JOIN new_rows n ON n.id = x.outlet_id JOIN old_rows o ON o.id = n.id
    WHERE x.tenant_id = n.tenant_id AND n.timezone IS DISTINCT FROM o.timezone), NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_hour_rollup_orders_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_hour_rollup_orders_insert"();
--> statement-breakpoint
CREATE TRIGGER "kopi_hour_rollup_orders_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_hour_rollup_orders_update"();
--> statement-breakpoint
CREATE TRIGGER "kopi_hour_rollup_outlets_update" AFTER UPDATE ON "outlets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_hour_rollup_outlets_update"();
--> statement-breakpoint
-- The orders written before these triggers, in one aggregate (the rule above, summed).
INSERT INTO sales_hour_rollups (tenant_id, business_date, outlet_id, local_hour, orders, net)
SELECT o.tenant_id, o.business_date, o.outlet_id, date_trunc('hour', o.created_at AT TIME ZONE ot.timezone),
  count(*), sum(o.total)
FROM orders o JOIN outlets ot ON ot.id = o.outlet_id
WHERE kopi_is_sale(o.status)
GROUP BY 1, 2, 3, 4;
