import {
  businessDate,
  issuedCode,
  type OrderStatus,
  voucherInputSchema,
  seededRandom,
} from '@kopi/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { customers } from '../../db/schema/customers';
import { voucherCodes, vouchers } from '../../db/schema/vouchers';
import { ownedBy } from '../../db/tenant-scope';
import type { Clock } from '../../lib/clock';
import { voucherSale } from '../../lib/demo-sales';
import { demoStaffContexts } from '../../lib/demo-staff';
import { demoCatalogue, demoTenantToSeed, demoVoucherInput } from '../../lib/demo-catalogue';
import { AppError } from '../../lib/errors';
import type { OrderService } from '../orders/orders.service';
import { createVoucherCheckService } from '../orders/voucher-check.service';
import type { RefundService } from '../refunds/refunds.service';
import { CODE_RANDOM_LENGTH } from './voucher-code-job';
import * as codesRepo from './voucher-codes.repo';
import { createVoucherService } from './vouchers.service';
import { type DemoVoucher, demoVouchers } from './vouchers-demo-seed-data';
import { type SaleOutlet, saleMoment, servingFor, voucherCart } from './vouchers-demo-seed-sales';

// Demo vouchers (vouchers-demo-seed-data.ts), made by the demo marketing user through the voucher
// service, and their use: counter sales over the past months made through the order service as
// the POS makes them (the voucher check's discount, priceOrder's total, POST /api/orders with the
// code), so each redemption, its order's money and the sales rollups are the order core's own.
// A few of those orders are rejected, which gives their redemption back and owes a refund that
// finance pays within minutes. Today, named demo customers use the members' voucher and a code
// issued to them. Deterministic (seeded random); runs once, after the customers are seeded.

const DAY = 86_400_000;
const REJECT_EVERY = 12;

export interface DemoVoucherOptions {
  now: Clock;
  tenantSlug?: string;
  /** One transaction (each service call nests as a savepoint): faster on PostgreSQL. */
  oneTransaction?: boolean;
  /**
   * The services the sales are made through, on the seed's connection and clock, announcing
   * nothing (composition/demo-seed.ts); `owed` holds the refunds a rejection asked for.
   */
  services: (
    db: Db,
    now: Clock,
  ) => {
    orders: Pick<OrderService, 'create' | 'move' | 'posMenu' | 'posContext'>;
    refunds: Pick<RefundService, 'get' | 'move'>;
    owed: string[];
  };
}

export async function seedDemoVouchers(db: Db, options: DemoVoucherOptions) {
  if (options.oneTransaction) return db.transaction((tx) => seed(tx, options));
  return seed(db, options);
}

async function seed(db: Db, options: DemoVoucherOptions) {
  const none = { vouchers: 0, redemptions: 0 };
  const tenant = await demoTenantToSeed(db, options.tenantSlug, vouchers);
  if (!tenant) return none;
  const tenantId = tenant.id;
  const staff = await demoStaffContexts(db, tenantId, ['marketing', 'admin', 'cashier', 'finance']);
  const marketing = staff.get('marketing');
  const admin = staff.get('admin');
  if (!marketing || !admin) return none;
  const finance = staff.get('finance') ?? admin;

  const refs = await referencesOf(db, tenantId);
  const realNow = options.now();
  let current = realNow;
  const clock: Clock = () => current;
  const rand = seededRandom(20_261_129);

  // The vouchers, as the back office saves them; their windows on whole days from today.
  const startOfToday = Math.floor(realNow.getTime() / DAY) * DAY;
  const dayAt = (days: number) => new Date(startOfToday + days * DAY).toISOString();
  const voucherService = createVoucherService({ db, now: clock });
  const made: { plan: DemoVoucher; id: string; code: string | null }[] = [];
  for (const plan of demoVouchers) {
    const input = voucherInputSchema.parse(
      demoVoucherInput(plan, refs, {
        codes: { kind: plan.unique ? 'unique' : 'shared', code: plan.code },
        valid: {
          from: dayAt(plan.fromDay),
          until: plan.untilDay === null ? null : dayAt(plan.untilDay),
        },
      }),
    );
    const voucher = await voucherService.create(marketing, input);
    made.push({ plan, id: voucher.id, code: voucher.code });
  }

  // Unique codes: generated (seeded, so the demo reads the same every time), a few issued.
  const issued = new Map<string, string>();
  const printed = new Map<string, string[]>();
  for (const m of made.filter((x) => x.plan.unique)) {
    const { count, prefix, issued: issuedCount, issuedFirst } = m.plan.unique!;
    const codes = new Set<string>();
    while (codes.size < count) {
      const bytes = Uint8Array.from({ length: CODE_RANDOM_LENGTH }, () => Math.floor(rand() * 256));
      codes.add(issuedCode(bytes, prefix));
    }
    await codesRepo.insertCodes(db, tenantId, m.id, [...codes]);
    const rows = await db
      .select({ id: voucherCodes.id, code: voucherCodes.code })
      .from(voucherCodes)
      .where(and(ownedBy(voucherCodes, tenantId), eq(voucherCodes.voucherId, m.id)))
      .orderBy(asc(voucherCodes.code));
    const people = [
      ...issuedFirst,
      ...refs.appCustomers.filter((c) => !issuedFirst.includes(c)),
    ].slice(0, issuedCount);
    for (const [i, phone] of people.entries()) {
      const customerId = refs.customerOf(phone);
      if (!customerId) continue;
      await db.update(voucherCodes).set({ customerId }).where(eq(voucherCodes.id, rows[i]!.id));
      issued.set(`${m.id}:${phone}`, rows[i]!.code);
    }
    // The printed ones (issued to nobody) are what the counter's past sales use.
    m.code = null;
    printed.set(
      m.id,
      rows.slice(people.length).map((r) => r.code),
    );
  }

  // The sales: planned for every voucher, then rung up in time order.
  const plans: { m: (typeof made)[number]; outlet: SaleOutlet; at: Date }[] = [];
  for (const m of made) {
    const allowed = refs.outlets.filter((o) => !m.plan.outlets || m.plan.outlets.includes(o.code));
    for (let i = 0; i < m.plan.sales && allowed.length > 0; i++) {
      const outlet = allowed[Math.floor(rand() * allowed.length)]!;
      const today = businessDate(realNow, outlet.timezone, tenant.cutoff);
      const at = saleMoment(m.plan, outlet, today, rand);
      if (at) plans.push({ m, outlet, at });
    }
  }
  plans.sort((a, b) => a.at.getTime() - b.at.getTime());

  const { orders: orderService, refunds, owed } = options.services(db, clock);
  const check = createVoucherCheckService({ db, now: clock });
  const seller = (outletId: string) => {
    const cashier = staff.get('cashier');
    return cashier && cashier.principal.outletId === outletId ? cashier : admin;
  };
  const menus = new Map<string, Awaited<ReturnType<typeof orderService.posMenu>>>();
  const contexts = new Map<string, Awaited<ReturnType<typeof orderService.posContext>>>();

  /** One sale with the code, as the POS makes it; false when its cart or the voucher says no. */
  async function sell(
    m: (typeof made)[number],
    code: string,
    outlet: SaleOutlet,
    customerId: string | null,
    outsideHours: boolean,
  ) {
    const ctx = seller(outlet.id);
    if (!menus.has(outlet.id)) {
      menus.set(outlet.id, await orderService.posMenu(ctx, outlet.id));
      contexts.set(outlet.id, await orderService.posContext(ctx, outlet.id));
    }
    const lines = voucherCart(m.plan, menus.get(outlet.id)!.products, refs, rand);
    if (!lines) return null;
    const serving = servingFor(m.plan, outlet, rand);
    const items = lines.map((l) => l.input);
    const answer = await check.pos(ctx, {
      code,
      outlet_id: outlet.id,
      serving_method: serving,
      items,
      ...(customerId ? { customer_id: customerId } : {}),
    });
    if (!answer.ok) return null;
    const input = voucherSale(
      code,
      outlet,
      contexts.get(outlet.id)!,
      lines,
      serving,
      answer.discount,
      rand,
    );
    try {
      return await orderService.create(
        ctx,
        {
          ...input,
          ...(customerId ? { customer_id: customerId } : {}),
          allow_outside_hours: outsideHours,
        },
        null,
      );
    } catch (error) {
      // A product sold out that day: the cashier would pick another; the demo skips the sale.
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  let redemptions = 0;
  let sold = 0;
  for (const p of plans) {
    current = p.at;
    const codes = printed.get(p.m.id);
    const code = codes ? codes.shift() : p.m.code;
    if (!code) continue;
    const order = await sell(p.m, code, p.outlet, null, false);
    if (!order) continue;
    redemptions++;
    const ctx = seller(p.outlet.id);
    const path: OrderStatus[] =
      ++sold % REJECT_EVERY === 0 ? ['REJECTED'] : ['APPROVED', 'COMPLETED'];
    let at = p.at;
    for (const status of path) {
      at = new Date(at.getTime() + (3 + Math.floor(rand() * 6)) * 60_000);
      current = at;
      owed.length = 0;
      // A paid order's reject is a void: the admin's (a manager), as at a real counter.
      await orderService.move(status === 'REJECTED' ? admin : ctx, order.id, {
        status,
        reason: status === 'REJECTED' ? 'Customer changed their mind' : undefined,
      });
      // Finance pays the refund back a few minutes later, on the day.
      for (const id of owed.splice(0)) {
        for (const next of ['APPROVED', 'COMPLETED'] as const) {
          current = at = new Date(at.getTime() + 4 * 60_000);
          const refund = await refunds.get(finance, id);
          if (refund.status === (next === 'APPROVED' ? 'PENDING' : 'APPROVED')) {
            await refunds.move(finance, id, { status: next });
          }
        }
      }
    }
  }

  // Today: the members' voucher and an issued code, by the customers they belong to.
  const counter =
    refs.outlets.find((o) => o.id === staff.get('cashier')?.principal.outletId) ?? refs.outlets[0];
  for (const m of made.filter((x) => x.plan.today && counter)) {
    for (const [i, phone] of m.plan.today!.entries()) {
      const customerId = refs.customerOf(phone);
      const code = m.plan.unique ? issued.get(`${m.id}:${phone}`) : m.code;
      if (!customerId || !code) continue;
      current = new Date(realNow.getTime() - (m.plan.today!.length - i) * 60_000);
      if (await sell(m, code, counter!, customerId, true)) redemptions++;
    }
  }
  current = realNow;
  return { vouchers: made.length, redemptions };
}

/** The demo's catalogue, and its app customers by phone. */
async function referencesOf(db: Db, tenantId: string) {
  const customerRows = await db
    .select({ id: customers.id, phone: customers.phone })
    .from(customers)
    .where(and(ownedBy(customers, tenantId), isNotNull(customers.passwordHash)))
    .orderBy(asc(customers.phone));
  return {
    ...(await demoCatalogue(db, tenantId)),
    customerOf: (phone: string) => customerRows.find((c) => c.phone === phone)?.id ?? null,
    appCustomers: customerRows.map((c) => c.phone),
  };
}
