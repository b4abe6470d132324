import {
  type Board,
  type MobileMenu,
  type MobileOrder,
  type MobileOutlet,
  type PaymentStart,
  type PosContext,
  type PosMenu,
  type PosOutlet,
  priceOrder,
  seededRandom,
} from '@kopi/contract';
import { type Answer, type Call, randomLine, servingDetails } from '../app-client';
import { type Figures, type Ledger, pickWith, type SentOrder, sleep, unexpected } from './load-kit';

// The sale load of the crash test, as the web POS, the customer app and the status board send it:
// counter sales paid in cash, by card or split; app orders paid through the sandbox provider
// (a few declined first, a few cancelled); staff moving orders along the board. Each worker
// loops until `stopping()`, so a kill always finds some of them mid-request. Every write has an
// Idempotency-Key; the resilient call sends an interrupted one again with the same key.

export interface LoadContext {
  /** Staff calls (Bearer of a tenant admin) and app calls (X-Tenant), both resilient. */
  call: Call;
  staffToken: string;
  figures: Figures;
  ledger: Ledger;
  /** Prefix of every Idempotency-Key of the run, to find its orders in the database. */
  runTag: string;
  stopping: () => boolean;
}

let keySeq = 0;
const keyOf = (ctx: LoadContext, kind: string) => `${ctx.runTag}-${kind}-${++keySeq}`;

/**
 * Enters an order create in the ledger as its answer tells it: created (201, fresh or replayed),
 * exists (a retry that ran again was told the sale is recorded) or refused (unexpected here).
 */
function recordOrder(
  ctx: LoadContext,
  sent: Pick<SentOrder, 'key' | 'source' | 'total'>,
  res: Answer<{ id: string; total: number }>,
): SentOrder['outcome'] {
  const created = res.status === 201;
  const exists = res.status === 409 && res.code === 'order_already_exists';
  if (exists) ctx.figures.alreadyRecorded++;
  if (!created && !exists) unexpected(ctx.figures, `${sent.source} order`, res);
  const outcome = created ? 'created' : exists ? 'exists' : 'refused';
  ctx.ledger.orders.push({
    ...sent,
    outcome,
    orderId: created ? res.data.id : null,
    // The POS priced it; the app learns it from the answer.
    total: sent.total ?? (created ? res.data.total : null),
  });
  return outcome;
}

// ---- Counter sales ----------------------------------------------------------------------------

interface PosShop {
  context: PosContext;
  menu: PosMenu;
}

/**
 * Opens a shift on the outlet's first till unless one is open, as a cashier does before selling
 * (tenants require one by default). A shift another run left open is used as it is.
 */
async function ensureShift(ctx: LoadContext, outletId: string) {
  const token = ctx.staffToken;
  const tills = await ctx.call<{ id: string; open_shift: unknown }[]>(
    'GET',
    `/api/tills?outlet_id=${outletId}`,
    { token },
  );
  const till = tills.data?.[0];
  if (!till || till.open_shift) return;
  await ctx.call('POST', '/api/shifts', {
    token,
    key: keyOf(ctx, 'shift'),
    body: { till_id: till.id, float: {} },
  });
}

export async function loadPosShops(ctx: LoadContext): Promise<PosShop[]> {
  const token = ctx.staffToken;
  const outlets = await ctx.call<PosOutlet[]>('GET', '/api/pos/outlets', { token });
  for (const o of outlets.data) await ensureShift(ctx, o.id);
  return Promise.all(
    outlets.data.map(async (o) => ({
      context: (await ctx.call<PosContext>('GET', `/api/pos/context?outlet_id=${o.id}`, { token }))
        .data,
      menu: (await ctx.call<PosMenu>('GET', `/api/pos/menu?outlet_id=${o.id}`, { token })).data,
    })),
  );
}

/** One counter sale priced as the POS prices it, paid in full. */
function counterSale(shop: PosShop, random: () => number) {
  const pick = pickWith(random);
  const sellable = shop.menu.products.filter((p) => p.available && !p.sold_out);
  const byId = new Map(sellable.map((p) => [p.id, p]));
  const items = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
    randomLine(pick(sellable), random),
  );
  const serving = pick(shop.context.outlet.serving_methods);
  const way = random();
  const paidInCash = way < 0.4;
  const priced = priceOrder({
    lines: items.map((i) => {
      const p = byId.get(i.product_id)!;
      const options = p.variant_groups.flatMap((g) => g.options);
      return {
        unit_price: p.price,
        option_prices: i.option_ids.map((id) => options.find((o) => o.id === id)!.price),
        addon_prices: i.addon_ids.map((id) => p.addons.find((a) => a.id === id)!.price),
        quantity: i.quantity,
      };
    }),
    discount: 0,
    serving_method: serving,
    delivery_fee: shop.context.outlet.delivery_fee,
    paid_in_cash: paidInCash,
    settings: shop.context.pricing,
  });
  const total = priced.total;
  const cashPart = Math.floor(total / 2);
  const payments = paidInCash
    ? [{ method: 'cash', amount: total, tendered: Math.ceil(total / 1000) * 1000 }]
    : way < 0.8 || cashPart === 0
      ? [{ method: 'card', amount: total, reference: `CARD-${Math.floor(random() * 1e6)}` }]
      : [
          { method: 'cash', amount: cashPart, tendered: cashPart },
          { method: 'duitnow_qr', amount: total - cashPart, reference: 'DQR-CRASH' },
        ];
  const details =
    serving === 'dine_in'
      ? { table_no: `T${1 + Math.floor(random() * 30)}` }
      : serving === 'delivery'
        ? { delivery_address: '12 Jalan Crash, 50450 Kuala Lumpur' }
        : {};
  return {
    body: {
      outlet_id: shop.context.outlet.id,
      serving_method: serving,
      ...details,
      items,
      payments,
      allow_outside_hours: true,
    },
    total,
  };
}

export async function posWorker(ctx: LoadContext, shops: PosShop[], seed: number) {
  const random = seededRandom(seed);
  while (!ctx.stopping()) {
    const { body, total } = counterSale(pickWith(random)(shops), random);
    const key = keyOf(ctx, 'pos');
    const res = await ctx.call<{ id: string; total: number }>('POST', '/api/orders', {
      token: ctx.staffToken,
      key,
      body,
    });
    if (recordOrder(ctx, { key, source: 'pos', total }, res) !== 'refused') ctx.figures.posOrders++;
  }
}

// ---- App orders -------------------------------------------------------------------------------

/** One customer's journey: order, pay (a few declined first), sometimes cancel. */
async function appJourney(ctx: LoadContext, token: string, random: () => number) {
  const pick = pickWith(random);
  const outlets = await ctx.call<MobileOutlet[]>('GET', '/api/mobile/outlets');
  const open = (outlets.data ?? []).filter((o) => o.taking_orders_now);
  if (open.length === 0) return unexpected(ctx.figures, 'no outlet taking orders', outlets);
  const outlet = pick(open);
  const menu = await ctx.call<MobileMenu>('GET', `/api/mobile/outlets/${outlet.id}/menu`);
  const sellable = (menu.data?.products ?? []).filter((p) => !p.sold_out);
  const method = pick(outlet.serving_methods);
  const key = keyOf(ctx, 'app');
  const created = await ctx.call<MobileOrder>('POST', '/api/mobile/orders', {
    token,
    key,
    body: {
      outlet_id: outlet.id,
      serving_method: method,
      ...servingDetails(method, random),
      items: Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        randomLine(pick(sellable), random),
      ),
    },
  });
  recordOrder(ctx, { key, source: 'app', total: null }, created);
  // A retry told "already recorded" has no order to go on with, as in the real app.
  if (created.status !== 201) return;
  ctx.figures.appOrders++;
  const orderId = created.data.id;
  const cancel = async () => {
    const res = await ctx.call('POST', `/api/mobile/orders/${orderId}/cancel`, {
      token,
      key: keyOf(ctx, 'cancel'),
      body: {},
    });
    if (res.status === 200) ctx.figures.appCancelled++;
    else if (res.code === 'order_not_cancellable') ctx.figures.alreadyDone++;
    else unexpected(ctx.figures, 'cancel', res);
  };
  if (random() < 0.05) return cancel();
  for (const outcome of random() < 0.1 ? ['failed', 'paid'] : ['paid']) {
    const started = await ctx.call<PaymentStart>('POST', `/api/mobile/orders/${orderId}/pay`, {
      token,
      key: keyOf(ctx, 'pay'),
      body: {
        provider: 'sandbox',
        method: pick(['card', 'duitnow_qr', 'tng', 'grabpay']),
        sandbox_outcome: outcome,
      },
    });
    if (started.status !== 201) return unexpected(ctx.figures, 'pay', started);
    const callback = await ctx.call('POST', started.data.sandbox_callback!.url, {
      raw: started.data.sandbox_callback!,
    });
    if (callback.status !== 200) return unexpected(ctx.figures, 'callback', callback);
    if (outcome === 'paid') {
      ctx.figures.appPaid++;
      ctx.ledger.paid.push({ orderId, amount: started.data.amount });
    }
  }
  if (random() < 0.05) await cancel();
}

export async function appWorker(ctx: LoadContext, tokens: string[], seed: number) {
  const random = seededRandom(seed);
  while (!ctx.stopping()) await appJourney(ctx, pickWith(random)(tokens), random);
}

// ---- The status board -------------------------------------------------------------------------

/** Moves orders along the board: new → preparing → ready, a few rejected. */
export async function boardWorker(ctx: LoadContext, seed: number) {
  const random = seededRandom(seed);
  const token = ctx.staffToken;
  while (!ctx.stopping()) {
    const board = await ctx.call<Board>('GET', '/api/orders/board', { token });
    if (board.status !== 200) {
      unexpected(ctx.figures, 'board', board);
      continue;
    }
    const movable = board.data.orders.filter((o) => o.status !== 'COMPLETED').slice(0, 4);
    if (movable.length === 0) await sleep(200);
    for (const order of movable) {
      if (ctx.stopping()) return;
      const reject = order.status === 'PENDING' && random() < 0.05;
      const next = reject ? 'REJECTED' : order.status === 'PENDING' ? 'APPROVED' : 'COMPLETED';
      const res = await ctx.call('POST', `/api/orders/${order.id}/status`, {
        token,
        key: keyOf(ctx, 'move'),
        body: reject ? { status: next, reason: 'Out of milk' } : { status: next },
      });
      if (res.status === 200) ctx.figures.statusMoves++;
      else if (res.code === 'invalid_status_transition') ctx.figures.alreadyDone++;
      else unexpected(ctx.figures, 'status move', res);
    }
  }
}
