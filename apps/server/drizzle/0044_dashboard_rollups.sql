CREATE TABLE "customer_visit_hours" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_visit_hours_pk" PRIMARY KEY("tenant_id","customer_id","business_date","outlet_id","hour_start")
);
--> statement-breakpoint
CREATE TABLE "returning_customer_hours" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid,
	"hour_start" timestamp with time zone NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "returning_customer_hours_key" UNIQUE NULLS NOT DISTINCT("tenant_id","business_date","outlet_id","hour_start")
);
--> statement-breakpoint
CREATE TABLE "waiting_time_rollups" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"ready_orders" integer DEFAULT 0 NOT NULL,
	"to_ready_micros" bigint DEFAULT 0 NOT NULL,
	"handed_over_orders" integer DEFAULT 0 NOT NULL,
	"to_handed_over_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "waiting_time_rollups_pk" PRIMARY KEY("tenant_id","business_date","outlet_id")
);
--> statement-breakpoint
ALTER TABLE "customer_visit_hours" ADD CONSTRAINT "customer_visit_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_visit_hours" ADD CONSTRAINT "customer_visit_hours_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_visit_hours" ADD CONSTRAINT "customer_visit_hours_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returning_customer_hours" ADD CONSTRAINT "returning_customer_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returning_customer_hours" ADD CONSTRAINT "returning_customer_hours_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_time_rollups" ADD CONSTRAINT "waiting_time_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_time_rollups" ADD CONSTRAINT "waiting_time_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard's waiting times and returning customers, kept in the writing transaction by
-- statement-level AFTER triggers like sales_hour_rollups (migration 0042): a rule function saying
-- what ONE order contributes with a sign, and an adder summing contributions by key under the
-- tenant's live-event lock, so the dashboard reads a few rows per outlet whatever the day's volume.
--
-- Waiting: an order is ready at its first entry into COMPLETED (order_status_history); it
-- contributes placed → ready, and ready → handed over once orders.handed_over_at is set, to its
-- business day and outlet, whatever its status afterwards (as the dashboard read it before).
CREATE OR REPLACE FUNCTION "kopi_micros"(i interval) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (extract(epoch from i) * 1000000)::bigint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_order_waiting"(o orders, ready_at timestamptz, sign int)
  RETURNS waiting_time_rollups LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(o.tenant_id, o.business_date, o.outlet_id,
    r * sign, r * sign * coalesce(kopi_micros(ready_at - o.created_at), 0),
    h * sign, h * sign * coalesce(kopi_micros(o.handed_over_at - ready_at), 0))::waiting_time_rollups
  FROM (SELECT CASE WHEN ready_at IS NULL THEN 0 ELSE 1 END AS r,
    CASE WHEN ready_at IS NULL OR o.handed_over_at IS NULL THEN 0 ELSE 1 END AS h) f
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_order_ready_at"(o orders) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT min(h.at) FROM order_status_history h
  WHERE h.tenant_id = o.tenant_id AND h.order_id = o.id AND h.to_status = 'COMPLETED'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_waiting"(d waiting_time_rollups[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO waiting_time_rollups AS r (tenant_id, business_date, outlet_id, ready_orders,
    to_ready_micros, handed_over_orders, to_handed_over_micros)
  SELECT tenant_id, business_date, outlet_id, sum(ready_orders), sum(to_ready_micros),
    sum(handed_over_orders), sum(to_handed_over_micros)
  FROM unnest(d) GROUP BY 1, 2, 3
  HAVING (sum(ready_orders) <> 0 OR sum(to_ready_micros) <> 0 OR sum(handed_over_orders) <> 0
    OR sum(to_handed_over_micros) <> 0) AND kopi_rollup_lock(tenant_id)
  ON CONFLICT (tenant_id, business_date, outlet_id) DO UPDATE SET
    ready_orders = r.ready_orders + excluded.ready_orders,
    to_ready_micros = r.to_ready_micros + excluded.to_ready_micros,
    handed_over_orders = r.handed_over_orders + excluded.handed_over_orders,
    to_handed_over_micros = r.to_handed_over_micros + excluded.to_handed_over_micros
$$;
--> statement-breakpoint
-- An entry into COMPLETED earlier than the order's first one so far (normally its first) moves
-- its ready time: its contribution at the old ready time out, at the new one in.
CREATE OR REPLACE FUNCTION "kopi_waiting_history_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_waiting(array(
    SELECT v.c
    FROM (SELECT DISTINCT n.order_id FROM new_rows n WHERE n.to_status = 'COMPLETED') n
    JOIN orders o ON o.id = n.order_id
    CROSS JOIN LATERAL (
      SELECT min(h.at) FILTER (WHERE h.id NOT IN (SELECT x.id FROM new_rows x)) AS before,
        min(h.at) AS after
      FROM order_status_history h
      WHERE h.tenant_id = o.tenant_id AND h.order_id = o.id AND h.to_status = 'COMPLETED') w
    CROSS JOIN LATERAL (VALUES (kopi_order_waiting(o, w.before, -1)),
      (kopi_order_waiting(o, w.after, 1))) v(c)
    WHERE w.before IS DISTINCT FROM w.after));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_waiting_orders_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_waiting(array(
    SELECT v.c
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (SELECT kopi_order_ready_at(n::orders) AS at) w
    CROSS JOIN LATERAL (VALUES (kopi_order_waiting(o::orders, w.at, -1)),
      (kopi_order_waiting(n::orders, w.at, 1))) v(c)
    WHERE w.at IS NOT NULL
      AND (n.tenant_id, n.business_date, n.outlet_id, n.created_at, n.handed_over_at)
        IS DISTINCT FROM (o.tenant_id, o.business_date, o.outlet_id, o.created_at, o.handed_over_at)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_waiting_history_insert" AFTER INSERT ON "order_status_history"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_waiting_history_insert"();
--> statement-breakpoint
CREATE TRIGGER "kopi_waiting_orders_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_waiting_orders_update"();
--> statement-breakpoint
-- Returning customers. customer_visit_hours holds a customer's sales per day, outlet and hour of
-- the outlet's clock (a sale as kopi_is_sale names it, so a rejection takes it out); a customer
-- returns on a day when they have a sale that day and one on an earlier day, and counts in
-- returning_customer_hours at their first hour that day at each outlet and, once, at their first
-- hour anywhere (outlet null). What ONE (customer, day) contributes is read from the visits as
-- they stand; a change of visits takes the contributions of the days it can move out before and
-- adds them back after: the days changed, and every later day of the customer when the change
-- reaches back to their first day (a first sale rejected, or a sale on an earlier day).
CREATE OR REPLACE FUNCTION "kopi_order_visit"(o orders, customer uuid, timezone text, sign int)
  RETURNS customer_visit_hours LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(o.tenant_id, o.business_date, o.outlet_id, customer,
    date_trunc('hour', o.created_at AT TIME ZONE timezone) AT TIME ZONE timezone,
    CASE WHEN kopi_is_sale(o.status) THEN sign ELSE 0 END)::customer_visit_hours
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_returning_customers"(tenants uuid[], customers uuid[], days date[], sign int)
  RETURNS SETOF returning_customer_hours LANGUAGE sql STABLE AS $$
  WITH k AS (
    SELECT DISTINCT * FROM unnest(tenants, customers, days) AS k(tenant_id, customer_id, business_date)
  ), firsts AS (
    SELECT v.tenant_id, v.business_date, v.outlet_id, v.customer_id, min(v.hour_start) AS hour_start
    FROM k JOIN customer_visit_hours v ON v.tenant_id = k.tenant_id
      AND v.customer_id = k.customer_id AND v.business_date = k.business_date
    WHERE v.sales > 0 AND EXISTS (
      SELECT 1 FROM customer_visit_hours e
      WHERE e.tenant_id = k.tenant_id AND e.customer_id = k.customer_id
        AND e.business_date < k.business_date AND e.sales > 0)
    GROUP BY 1, 2, 3, 4
  )
  SELECT ROW(tenant_id, business_date, outlet_id, hour_start, sign)::returning_customer_hours FROM firsts
  UNION ALL
  SELECT ROW(tenant_id, business_date, NULL::uuid, min(hour_start), sign)::returning_customer_hours
  FROM firsts GROUP BY tenant_id, business_date, customer_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_returning"(d returning_customer_hours[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO returning_customer_hours AS r (tenant_id, business_date, outlet_id, hour_start, customers)
  SELECT tenant_id, business_date, outlet_id, hour_start, sum(customers)
  FROM unnest(d) GROUP BY 1, 2, 3, 4
  HAVING sum(customers) <> 0 AND kopi_rollup_lock(tenant_id)
  ON CONFLICT ON CONSTRAINT returning_customer_hours_key
  DO UPDATE SET customers = r.customers + excluded.customers
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_add_customer_visits"(d customer_visit_hours[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  delta customer_visit_hours[];
  ts uuid[];
  cs uuid[];
  ds date[];
  before returning_customer_hours[];
BEGIN
  SELECT array_agg(ROW(tenant_id, business_date, outlet_id, customer_id, hour_start, s)::customer_visit_hours)
  INTO delta
  FROM (SELECT tenant_id, business_date, outlet_id, customer_id, hour_start, sum(sales) AS s
    FROM unnest(d) GROUP BY 1, 2, 3, 4, 5 HAVING sum(sales) <> 0 AND kopi_rollup_lock(tenant_id)) g;
  IF delta IS NULL THEN RETURN; END IF;
  SELECT array_agg(tenant_id), array_agg(customer_id), array_agg(business_date) INTO ts, cs, ds
  FROM (
    SELECT x.tenant_id, x.customer_id, x.business_date FROM unnest(delta) x
    UNION
    SELECT v.tenant_id, v.customer_id, v.business_date
    FROM (SELECT tenant_id, customer_id, min(business_date) AS first FROM unnest(delta) GROUP BY 1, 2) k
    JOIN customer_visit_hours v ON v.tenant_id = k.tenant_id AND v.customer_id = k.customer_id
      AND v.business_date > k.first
    WHERE NOT EXISTS (
      SELECT 1 FROM customer_visit_hours e
      WHERE e.tenant_id = k.tenant_id AND e.customer_id = k.customer_id
        AND e.business_date < k.first AND e.sales > 0)
  ) days;
  before := array(SELECT kopi_returning_customers(ts, cs, ds, -1));
  INSERT INTO customer_visit_hours AS r (tenant_id, business_date, outlet_id, customer_id, hour_start, sales)
  SELECT * FROM unnest(delta)
  ON CONFLICT (tenant_id, customer_id, business_date, outlet_id, hour_start)
  DO UPDATE SET sales = r.sales + excluded.sales;
  PERFORM kopi_add_returning(before || array(SELECT kopi_returning_customers(ts, cs, ds, 1)));
END;
$$;
--> statement-breakpoint
-- What orders of customers contribute: `plus` added, `minus` (their state before a change) taken
-- away, each with its customer and in its outlet's zone.
CREATE OR REPLACE FUNCTION "kopi_customer_visits_of"(o orders[], customers uuid[], sign int)
  RETURNS SETOF customer_visit_hours LANGUAGE sql STABLE AS $$
  SELECT kopi_order_visit(o[i], customers[i], ot.timezone, sign)
  FROM generate_subscripts(o, 1) i JOIN outlets ot ON ot.id = (o[i]).outlet_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_visits_orders_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus orders[];
  minus orders[];
  cs uuid[];
BEGIN
  SELECT array_agg(n::orders), array_agg(o::orders), array_agg(co.customer_id) INTO plus, minus, cs
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN customer_orders co ON co.order_id = n.id
  WHERE (n.tenant_id, kopi_is_sale(n.status), n.business_date, n.outlet_id, n.created_at)
    IS DISTINCT FROM (o.tenant_id, kopi_is_sale(o.status), o.business_date, o.outlet_id, o.created_at);
  IF plus IS NULL THEN RETURN NULL; END IF;
  PERFORM kopi_add_customer_visits(array(
    SELECT kopi_customer_visits_of(plus, cs, 1) UNION ALL SELECT kopi_customer_visits_of(minus, cs, -1)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_visits_links_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d customer_visit_hours[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    d := d || array(SELECT kopi_customer_visits_of(array_agg(o), array_agg(n.customer_id), 1)
      FROM new_rows n JOIN orders o ON o.id = n.order_id);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    d := d || array(SELECT kopi_customer_visits_of(array_agg(o), array_agg(x.customer_id), -1)
      FROM old_rows x JOIN orders o ON o.id = x.order_id);
  END IF;
  PERFORM kopi_add_customer_visits(d);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_visits_orders_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_visits_orders_update"();
--> statement-breakpoint
CREATE TRIGGER "kopi_visits_links_insert" AFTER INSERT ON "customer_orders"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_visits_links_change"();
--> statement-breakpoint
CREATE TRIGGER "kopi_visits_links_update" AFTER UPDATE ON "customer_orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_visits_links_change"();
--> statement-breakpoint
CREATE TRIGGER "kopi_visits_links_delete" AFTER DELETE ON "customer_orders"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_visits_links_change"();
--> statement-breakpoint
-- An outlet that moves to another zone: its customers' hours are read again from its orders in
-- the new zone (a rare settings change), and the returns they carry move with them.
CREATE OR REPLACE FUNCTION "kopi_visits_outlets_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kopi_add_customer_visits(array(
    SELECT v.c
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    JOIN orders x ON x.tenant_id = n.tenant_id AND x.outlet_id = n.id
    JOIN customer_orders co ON co.order_id = x.id
    CROSS JOIN LATERAL (VALUES (kopi_order_visit(x, co.customer_id, o.timezone, -1)),
      (kopi_order_visit(x, co.customer_id, n.timezone, 1))) v(c)
    WHERE n.timezone IS DISTINCT FROM o.timezone AND kopi_is_sale(x.status)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_visits_outlets_update" AFTER UPDATE ON "outlets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "kopi_visits_outlets_update"();
--> statement-breakpoint
-- The orders written before these triggers, in one aggregate each (the rules above, summed).
INSERT INTO waiting_time_rollups
SELECT (w).tenant_id, (w).business_date, (w).outlet_id, sum((w).ready_orders), sum((w).to_ready_micros),
  sum((w).handed_over_orders), sum((w).to_handed_over_micros)
FROM (SELECT kopi_order_waiting(o, kopi_order_ready_at(o), 1) AS w FROM orders o) x
WHERE (w).ready_orders <> 0
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO customer_visit_hours
SELECT (v).tenant_id, (v).business_date, (v).outlet_id, (v).customer_id, (v).hour_start, sum((v).sales)
FROM (SELECT kopi_order_visit(o, co.customer_id, ot.timezone, 1) AS v
  FROM orders o JOIN customer_orders co ON co.order_id = o.id JOIN outlets ot ON ot.id = o.outlet_id
  WHERE kopi_is_sale(o.status)) x
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO returning_customer_hours
SELECT (r).tenant_id, (r).business_date, (r).outlet_id, (r).hour_start, sum((r).customers)
FROM (SELECT kopi_returning_customers(array_agg(tenant_id), array_agg(customer_id), array_agg(business_date), 1) AS r
  FROM (SELECT DISTINCT tenant_id, customer_id, business_date FROM customer_visit_hours) k) x
GROUP BY 1, 2, 3, 4;
