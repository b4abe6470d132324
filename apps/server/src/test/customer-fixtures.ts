import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { customerOrders, customers } from '../db/schema/customers';
import { membershipTiers } from '../db/schema/membership-tiers';
import { postPoints, postWallet } from '../modules/loyalty/ledgers.service';
import { demoProduct, demoOutlet } from './catalogue-fixtures';
import { cardSale, demoTenantId, sell } from './order-fixtures';
import type { RequestHeaders, TestApp } from './test-app';

// Test data for the staff customer API: customers written straight to the table (fast, any
// state), tiers, ledger entries through the one ledger service, and counter sales linked to a
// customer as the order core links app orders.

type NewCustomer = Partial<typeof customers.$inferInsert> & { name: string; phone: string };

let phoneSeq = Math.floor(Math.random() * 9_000_000);
/** A fresh Malaysian mobile number (+6017 and eight digits) for each call. */
export const freshPhone = () => `+6017${10_000_000 + (phoneSeq++ % 89_999_999)}`;

/** A customer of the demo tenant (or `tenantId`), an app account unless `passwordHash: null`. */
export async function addCustomer(t: TestApp, values: NewCustomer) {
  const tenantId = values.tenantId ?? (await demoTenantId(t));
  const [row] = await t.database.db
    .insert(customers)
    .values({
      passwordHash: 'not-a-real-hash',
      referralCode: randomBytes(6).toString('hex').toUpperCase(),
      ...values,
      tenantId,
    })
    .returning();
  return row!;
}

/** Silver, Gold and Platinum by points (100, 500, 1,500) for the demo tenant. */
export async function addTiers(t: TestApp, tenantId?: string) {
  const tenant = tenantId ?? (await demoTenantId(t));
  return t.database.db
    .insert(membershipTiers)
    .values([
      { tenantId: tenant, nameEn: 'Silver', nameMy: 'Perak', threshold: 100, colour: '#A8A9AD' },
      { tenantId: tenant, nameEn: 'Gold', nameMy: 'Emas', threshold: 500, colour: '#D4AF37' },
      {
        tenantId: tenant,
        nameEn: 'Platinum',
        nameMy: 'Platinum',
        threshold: 1500,
        colour: '#5B6770',
        pointsPerRm: 150,
      },
    ])
    .returning();
}

export async function setTier(t: TestApp, customerId: string, tierId: string | null) {
  await t.database.db.update(customers).set({ tierId }).where(eq(customers.id, customerId));
}

const staff = { kind: 'staff', id: '00000000-0000-4000-8000-000000000001', name: 'Test' } as const;

/** A wallet entry (signed sen) posted through the ledger service. */
export async function walletEntry(
  t: TestApp,
  customer: { id: string; tenantId: string },
  amount: number,
  kind: 'topup' | 'spend' | 'adjustment' = amount > 0 ? 'topup' : 'spend',
) {
  await t.database.db.transaction((tx) =>
    postWallet(tx, {
      tenantId: customer.tenantId,
      customerId: customer.id,
      kind,
      amount,
      idempotencyKey: `test:${randomBytes(8).toString('hex')}`,
      actor: staff,
      reason: kind === 'adjustment' ? 'Test adjustment' : null,
    }),
  );
}

/** Points earned (with the sen they count as spend) through the ledger service. */
export async function pointsEntry(
  t: TestApp,
  customer: { id: string; tenantId: string },
  points: number,
  spend = points * 100,
) {
  await t.database.db.transaction((tx) =>
    postPoints(tx, {
      tenantId: customer.tenantId,
      customerId: customer.id,
      kind: 'earn',
      points,
      spend,
      idempotencyKey: `test:${randomBytes(8).toString('hex')}`,
      actor: staff,
    }),
  );
}

/**
 * A card sale at `outlet` (default KL01) in the customer's name, linked to them. Answers the
 * order as the API did.
 */
export async function customerSale(
  t: TestApp,
  headers: RequestHeaders,
  customer: { id: string; tenantId: string; name: string; phone: string },
  options: { outlet?: string; sku?: string } = {},
) {
  const outlet = await demoOutlet(t, options.outlet ?? 'KL01');
  const product = await demoProduct(t, options.sku ?? 'BAK-007');
  // A pick-up pays the demo tenant's 6% service tax and no service charge.
  const total = product.basePrice + Math.round(product.basePrice * 0.06);
  const res = await sell(t, headers, {
    ...cardSale(outlet.id, product.id, total),
    customer_name: customer.name,
    customer_phone: customer.phone,
    // On the wall clock: the cashier confirms a sale after the outlet's last orders.
    allow_outside_hours: true,
  });
  if (res.statusCode !== 201) throw new Error(`sale failed: ${res.statusCode} ${res.body}`);
  const order = res.json().data as { id: string; order_no: string; total: number };
  await t.database.db
    .insert(customerOrders)
    .values({ orderId: order.id, tenantId: customer.tenantId, customerId: customer.id });
  return order;
}
