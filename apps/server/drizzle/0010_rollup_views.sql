CREATE TABLE "product_month_rollups" (
	"tenant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_month_rollups_pk" PRIMARY KEY("tenant_id","month","outlet_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_channel_rollups" (
	"tenant_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"outlet_id" uuid NOT NULL,
	"source" text NOT NULL,
	"serving_method" text NOT NULL,
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
	CONSTRAINT "sales_channel_rollups_pk" PRIMARY KEY("tenant_id","business_date","outlet_id","source","serving_method")
);
--> statement-breakpoint
ALTER TABLE "product_month_rollups" ADD CONSTRAINT "product_month_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_month_rollups" ADD CONSTRAINT "product_month_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_month_rollups" ADD CONSTRAINT "product_month_rollups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_channel_rollups" ADD CONSTRAINT "sales_channel_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_channel_rollups" ADD CONSTRAINT "sales_channel_rollups_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Two narrower rollups kept from the day rollups by row triggers (decision 021), so year reports
-- read fewer rows: sales without the payment method (by day, outlet, source, serving method) and
-- products by calendar month. Every change of a day rollup row (the order triggers' upserts, a
-- rebuild's DELETE and INSERT) is passed on as its difference, in the same transaction.
CREATE OR REPLACE FUNCTION "kopi_rollup_channel"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.tenant_id, NEW.business_date, NEW.outlet_id, NEW.source, NEW.serving_method)
      IS NOT DISTINCT FROM (OLD.tenant_id, OLD.business_date, OLD.outlet_id, OLD.source, OLD.serving_method) THEN
    INSERT INTO sales_channel_rollups AS c (tenant_id, business_date, outlet_id, source, serving_method, orders, gross, discount, service_charge, service_tax, delivery_fee, rounding, net, refunds, rejected, rejected_total)
    VALUES (NEW.tenant_id, NEW.business_date, NEW.outlet_id, NEW.source,
      NEW.serving_method, NEW.orders - OLD.orders, NEW.gross - OLD.gross, NEW.discount - OLD.discount, NEW.service_charge - OLD.service_charge, NEW.service_tax - OLD.service_tax, NEW.delivery_fee - OLD.delivery_fee, NEW.rounding - OLD.rounding, NEW.net - OLD.net, NEW.refunds - OLD.refunds, NEW.rejected - OLD.rejected, NEW.rejected_total - OLD.rejected_total)
    ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method) DO UPDATE SET
      orders = c.orders + excluded.orders,
      gross = c.gross + excluded.gross,
      discount = c.discount + excluded.discount,
      service_charge = c.service_charge + excluded.service_charge,
      service_tax = c.service_tax + excluded.service_tax,
      delivery_fee = c.delivery_fee + excluded.delivery_fee,
      rounding = c.rounding + excluded.rounding,
      net = c.net + excluded.net,
      refunds = c.refunds + excluded.refunds,
      rejected = c.rejected + excluded.rejected,
      rejected_total = c.rejected_total + excluded.rejected_total;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO sales_channel_rollups AS c (tenant_id, business_date, outlet_id, source, serving_method, orders, gross, discount, service_charge, service_tax, delivery_fee, rounding, net, refunds, rejected, rejected_total)
    VALUES (OLD.tenant_id, OLD.business_date, OLD.outlet_id, OLD.source,
      OLD.serving_method, -OLD.orders, -OLD.gross, -OLD.discount, -OLD.service_charge, -OLD.service_tax, -OLD.delivery_fee, -OLD.rounding, -OLD.net, -OLD.refunds, -OLD.rejected, -OLD.rejected_total)
    ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method) DO UPDATE SET
      orders = c.orders + excluded.orders,
      gross = c.gross + excluded.gross,
      discount = c.discount + excluded.discount,
      service_charge = c.service_charge + excluded.service_charge,
      service_tax = c.service_tax + excluded.service_tax,
      delivery_fee = c.delivery_fee + excluded.delivery_fee,
      rounding = c.rounding + excluded.rounding,
      net = c.net + excluded.net,
      refunds = c.refunds + excluded.refunds,
      rejected = c.rejected + excluded.rejected,
      rejected_total = c.rejected_total + excluded.rejected_total;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO sales_channel_rollups AS c (tenant_id, business_date, outlet_id, source, serving_method, orders, gross, discount, service_charge, service_tax, delivery_fee, rounding, net, refunds, rejected, rejected_total)
    VALUES (NEW.tenant_id, NEW.business_date, NEW.outlet_id, NEW.source,
      NEW.serving_method, NEW.orders, NEW.gross, NEW.discount, NEW.service_charge, NEW.service_tax, NEW.delivery_fee, NEW.rounding, NEW.net, NEW.refunds, NEW.rejected, NEW.rejected_total)
    ON CONFLICT (tenant_id, business_date, outlet_id, source, serving_method) DO UPDATE SET
      orders = c.orders + excluded.orders,
      gross = c.gross + excluded.gross,
      discount = c.discount + excluded.discount,
      service_charge = c.service_charge + excluded.service_charge,
      service_tax = c.service_tax + excluded.service_tax,
      delivery_fee = c.delivery_fee + excluded.delivery_fee,
      rounding = c.rounding + excluded.rounding,
      net = c.net + excluded.net,
      refunds = c.refunds + excluded.refunds,
      rejected = c.rejected + excluded.rejected,
      rejected_total = c.rejected_total + excluded.rejected_total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_rollup_channel" AFTER INSERT OR UPDATE OR DELETE ON "sales_rollups"
  FOR EACH ROW EXECUTE FUNCTION "kopi_rollup_channel"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "kopi_rollup_product_month"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.tenant_id, date_trunc('month', NEW.business_date), NEW.outlet_id,
      NEW.product_id) IS NOT DISTINCT FROM (OLD.tenant_id, date_trunc('month', OLD.business_date),
      OLD.outlet_id, OLD.product_id) THEN
    INSERT INTO product_month_rollups AS m (tenant_id, month, outlet_id, product_id, quantity, gross)
    VALUES (NEW.tenant_id, date_trunc('month', NEW.business_date)::date,
      NEW.outlet_id, NEW.product_id, NEW.quantity - OLD.quantity, NEW.gross - OLD.gross)
    ON CONFLICT (tenant_id, month, outlet_id, product_id) DO UPDATE SET
      quantity = m.quantity + excluded.quantity, gross = m.gross + excluded.gross;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO product_month_rollups AS m (tenant_id, month, outlet_id, product_id, quantity, gross)
    VALUES (OLD.tenant_id, date_trunc('month', OLD.business_date)::date,
      OLD.outlet_id, OLD.product_id, -OLD.quantity, -OLD.gross)
    ON CONFLICT (tenant_id, month, outlet_id, product_id) DO UPDATE SET
      quantity = m.quantity + excluded.quantity, gross = m.gross + excluded.gross;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO product_month_rollups AS m (tenant_id, month, outlet_id, product_id, quantity, gross)
    VALUES (NEW.tenant_id, date_trunc('month', NEW.business_date)::date,
      NEW.outlet_id, NEW.product_id, NEW.quantity, NEW.gross)
    ON CONFLICT (tenant_id, month, outlet_id, product_id) DO UPDATE SET
      quantity = m.quantity + excluded.quantity, gross = m.gross + excluded.gross;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "kopi_rollup_product_month" AFTER INSERT OR UPDATE OR DELETE ON "product_sales_rollups"
  FOR EACH ROW EXECUTE FUNCTION "kopi_rollup_product_month"();
--> statement-breakpoint
-- What is there already.
INSERT INTO sales_channel_rollups (tenant_id, business_date, outlet_id, source, serving_method, orders, gross, discount, service_charge, service_tax, delivery_fee, rounding, net, refunds, rejected, rejected_total)
SELECT tenant_id, business_date, outlet_id, source, serving_method, sum(orders), sum(gross), sum(discount), sum(service_charge), sum(service_tax), sum(delivery_fee), sum(rounding), sum(net), sum(refunds), sum(rejected), sum(rejected_total)
FROM sales_rollups GROUP BY tenant_id, business_date, outlet_id, source, serving_method;
--> statement-breakpoint
INSERT INTO product_month_rollups (tenant_id, month, outlet_id, product_id, quantity, gross)
SELECT tenant_id, date_trunc('month', business_date)::date, outlet_id, product_id, sum(quantity),
  sum(gross)
FROM product_sales_rollups GROUP BY 1, 2, 3, 4;
