import {
  type OrderCreate,
  type PosContext,
  type PricingLine,
  priceOrder,
  type Product,
  seededRandom,
} from '@kopi/contract';
import type { BenchApi } from './bench-kit';

// Valid counter sales for the bench scripts (bench:orders, bench:live): carts from the demo menu,
// priced with the contract's priceOrder exactly as the server prices them, paid exactly.

/** Sale bodies for the outlet, each paid exactly (priced like the server prices it). */
export function buildSales(context: PosContext, menu: Product[], count: number): OrderCreate[] {
  const rand = seededRandom(4242);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const outlet = context.outlet;
  const allowOutside = !outlet.taking_orders_now;
  const sales: OrderCreate[] = [];
  for (let n = 0; n < count; n++) {
    const dineIn = outlet.serving_methods.includes('dine_in') && rand() < 0.4;
    const lines = 1 + Math.floor(rand() * 3);
    const items: OrderCreate['items'] = [];
    const pricing: PricingLine[] = [];
    for (let l = 0; l < lines; l++) {
      const p = pick(menu);
      const chosen = p.variant_groups.flatMap((g) =>
        g.required || g.min_select > 0 || rand() < 0.3 ? [pick(g.options)] : [],
      );
      const addons = p.addons.filter((a) => a.status === 'active' && rand() < 0.2);
      const quantity = rand() < 0.8 ? 1 : 2;
      const setting = p.outlets.find((o) => o.outlet_id === outlet.id);
      items.push({
        product_id: p.id,
        quantity,
        option_ids: chosen.map((o) => o.id),
        addon_ids: addons.map((a) => a.id),
      });
      pricing.push({
        unit_price: setting?.price_override ?? p.discounted_price ?? p.base_price,
        option_prices: chosen.map((o) => o.price),
        addon_prices: addons.map((a) => a.price),
        quantity,
      });
    }
    const roll = rand();
    const kind = roll < 0.45 ? 'cash' : roll < 0.85 ? 'card' : roll < 0.95 ? 'ewallet' : 'split';
    const serving = dineIn ? 'dine_in' : 'pick_up';
    const total = priceOrder({
      lines: pricing,
      discount: 0,
      serving_method: serving,
      delivery_fee: outlet.delivery_fee,
      paid_in_cash: kind === 'cash',
      settings: context.pricing,
    }).total;
    const ref = () => `BENCH${Math.floor(rand() * 1e9)}`;
    const cashPart = Math.max(100, Math.floor(total / 200) * 100);
    const payments: OrderCreate['payments'] =
      kind === 'cash'
        ? [{ method: 'cash', amount: total, tendered: Math.ceil(total / 1000) * 1000 }]
        : kind === 'card'
          ? [{ method: 'card', amount: total, reference: ref() }]
          : kind === 'ewallet'
            ? [
                {
                  method: pick(['tng', 'grabpay', 'duitnow_qr'] as const),
                  amount: total,
                  reference: ref(),
                },
              ]
            : [
                { method: 'cash', amount: cashPart },
                { method: 'tng', amount: total - cashPart, reference: ref() },
              ];
    sales.push({
      outlet_id: outlet.id,
      serving_method: serving,
      ...(dineIn ? { table_no: String(1 + Math.floor(rand() * 30)) } : {}),
      items,
      discount: 0,
      payments,
      allow_outside_hours: allowOutside,
    });
  }
  return sales;
}

/** Up to 40 active products with their variant groups, add-ons and outlet settings. */
export async function loadMenu(api: BenchApi): Promise<Product[]> {
  const list = await api<{ id: string }[]>('/api/products?page_size=100&status=active');
  const menu: Product[] = [];
  for (const p of list.slice(0, 40)) menu.push(await api<Product>(`/api/products/${p.id}`));
  return menu;
}

/** `count` sales for one outlet, refusing an outlet whose day is closed or with nothing to sell. */
export async function salesFor(
  api: BenchApi,
  menu: Product[],
  outlet: { id: string; code: string },
  count: number,
): Promise<{ sales: OrderCreate[]; label: string }> {
  const context = await api<PosContext>(`/api/pos/context?outlet_id=${outlet.id}`);
  if (context.outlet.day_closed) throw new Error(`${outlet.code} has closed its business day.`);
  const sellable = menu.filter((p) =>
    p.outlets.some((o) => o.outlet_id === outlet.id && o.available && !o.sold_out_today),
  );
  if (sellable.length === 0) throw new Error(`Nothing to sell at ${outlet.code}.`);
  return {
    sales: buildSales(context, sellable, count),
    label: `${outlet.code}${context.outlet.taking_orders_now ? '' : ' (closed now: allow_outside_hours)'}`,
  };
}
