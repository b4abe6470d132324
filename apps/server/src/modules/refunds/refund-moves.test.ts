import fs from 'node:fs';
import path from 'node:path';
import { type RefundStatus, refundSchema, refundStatuses, refundTransitions } from '@kopi/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/refunds';
import { notifications } from '../../db/schema/platform';
import { tenants } from '../../db/schema/tenancy';
import { multipart, otherTenant, pngImage } from '../../test/catalogue-fixtures';
import { expectCode } from '../../test/expect-code';
import { addProduct, demoTenantId } from '../../test/order-fixtures';
import { bank, cardOrder, moveRefund, movedRefund, refundOf } from '../../test/refund-fixtures';
import { anonymous, type RequestHeaders } from '../../test/test-app';
import { useSaleApp } from '../../test/use-sale-app';
import { auditsOf, liveEventsAbout } from '../../test/fixtures';

// Refund moves (DESIGN §4): every legal and illegal move, who may make them, the business day a
// completed refund counts on; and who sees which refunds, bank details and proofs.

const NOON_KL = '2026-06-10T04:00:00Z'; // Wednesday 12:00 in Kuala Lumpur
// refs.product: RM 10.00 → 10.60 with SST
let big: string; // RM 60.00 → 63.60

const { t, api, as, clock, refs } = useSaleApp({
  signIn: ['admin', 'cashier', 'manager', 'finance'],
  product: { sku: 'RM-PLAIN', price: 1000 },
});
const { admin, cashier, manager, finance } = as;
beforeAll(async () => {
  big = (await addProduct(t, { sku: 'RM-BIG', price: 6000 })).id;
});
beforeEach(() => clock.set(NOON_KL));

type Bell = { title: string };

/** A PENDING refund of `amount` on a fresh card order, asked for by `by`. */
async function pending(
  options: { by?: RequestHeaders; amount?: number; transfer?: boolean; outlet?: string } = {},
) {
  const { by = cashier, amount = 500, transfer = false, outlet = refs.kl } = options;
  const o = await cardOrder(
    t,
    admin,
    outlet,
    amount > 1060 ? big : refs.product,
    amount > 1060 ? 6360 : 1060,
  );
  return refundOf(t, by, {
    order_id: o.id,
    kind: 'amount',
    amount,
    method: transfer ? 'bank_transfer' : 'original',
    reason: 'quality_issue',
    ...(transfer ? { bank } : {}),
  });
}

const to = (status: RefundStatus, extra: Record<string, unknown> = {}) => ({
  status,
  ...(status === 'REJECTED' ? { reason: 'Not our mistake' } : {}),
  ...(status === 'TRANSFERED' ? { transfer_reference: 'MBB-REF-0001' } : {}),
  ...extra,
});

/** Moves a new refund along `path` (as admin, who did not ask for it). */
async function refundAt(path: RefundStatus[], transfer = false) {
  let refund = await pending({ transfer });
  for (const status of path) refund = await movedRefund(t, admin, refund.id, to(status));
  return refund;
}

const paths: { at: RefundStatus; path: RefundStatus[]; transfer: boolean }[] = [
  { at: 'PENDING', path: [], transfer: false },
  { at: 'APPROVED', path: ['APPROVED'], transfer: false },
  { at: 'APPROVED', path: ['APPROVED'], transfer: true },
  { at: 'WAITING TRANSFER', path: ['APPROVED', 'WAITING TRANSFER'], transfer: true },
  { at: 'TRANSFERED', path: ['APPROVED', 'WAITING TRANSFER', 'TRANSFERED'], transfer: true },
  { at: 'COMPLETED', path: ['APPROVED', 'COMPLETED'], transfer: false },
  { at: 'REJECTED', path: ['REJECTED'], transfer: false },
  { at: 'CLOSED', path: ['APPROVED', 'COMPLETED', 'CLOSED'], transfer: false },
];

describe('the refund machine', () => {
  it('completes a card refund: approved, completed on the day it completes, added to the order', async () => {
    const refund = await pending({ amount: 300 });
    expect(refund.allowed_statuses).toEqual([]);
    const seenByFinance = refundSchema.parse(
      (await api.get(`/api/refunds/${refund.id}`, finance)).json().data,
    );
    expect(seenByFinance.allowed_statuses).toEqual(['APPROVED', 'REJECTED']);
    clock.set('2026-06-11T01:00:00Z'); // the next business day in Kuala Lumpur
    const approved = await movedRefund(t, finance, refund.id, to('APPROVED'));
    expect(approved).toMatchObject({ status: 'APPROVED', approved_by: 'Rajesh Kumar' });
    expect(approved.allowed_statuses).toEqual(['COMPLETED']);
    const done = await movedRefund(t, finance, refund.id, to('COMPLETED'));
    expect(done).toMatchObject({
      status: 'COMPLETED',
      business_date: '2026-06-11',
      completed_at: '2026-06-11T01:00:00.000Z',
      order: { paid: 1060, refunded: 300, business_date: '2026-06-10' },
    });
    expect(done.history.map((h) => [h.from, h.to, h.by])).toEqual([
      ['CREATED', 'PENDING', 'Siti Nurhaliza'],
      ['PENDING', 'APPROVED', 'Rajesh Kumar'],
      ['APPROVED', 'COMPLETED', 'Rajesh Kumar'],
    ]);
    const entries = await auditsOf(t, 'refund.status', refund.id);
    expect(entries).toHaveLength(2);
  });

  it('announces a refund asked for, approved and completed, live and in the bell', async () => {
    const refund = await pending({ amount: 200 });
    await movedRefund(t, finance, refund.id, to('APPROVED'));
    await movedRefund(t, finance, refund.id, to('COMPLETED'));
    const db = t.database.db;
    const events = await liveEventsAbout(t, 'id_refund', refund.id);
    expect(events.map((e) => [e.type, e.message.status, e.outletId])).toEqual([
      ['refund.status', 'PENDING', refs.kl],
      ['refund.status', 'APPROVED', refs.kl],
      ['refund.status', 'COMPLETED', refs.kl],
    ]);
    const bell = await db
      .select()
      .from(notifications)
      .where(sql`${notifications.params}->>'refund_no' = ${refund.refund_no}`)
      .orderBy(notifications.createdAt);
    expect(bell.map((n) => [n.titleKey, n.title, n.outletId, n.idOrder])).toEqual([
      ['refundRequested', `Refund ${refund.refund_no} requested`, refs.kl, refund.order_id],
      ['refundApproved', `Refund ${refund.refund_no} approved`, refs.kl, refund.order_id],
      ['refundCompleted', `Refund ${refund.refund_no} completed`, refs.kl, refund.order_id],
    ]);
    // The manager of the outlet sees them in the bell; no one is told of their own move.
    const bellOf = async (who: RequestHeaders) =>
      ((await api.get('/api/notification', who)).json().data.list_notify_order as Bell[])
        .map((n) => n.title)
        .filter((title) => title.includes(refund.refund_no))
        .sort();
    const [asked, approved, completed] = bell.map((n) => n.title);
    expect(await bellOf(manager)).toEqual([approved, completed, asked]);
    expect(await bellOf(cashier)).toEqual([approved, completed]);
    expect(await bellOf(finance)).toEqual([asked]);
  });

  it('pays a bank transfer out through WAITING TRANSFER and TRANSFERED with its reference and proof', async () => {
    const refund = await pending({ transfer: true });
    await movedRefund(t, finance, refund.id, to('APPROVED'));
    const waiting = await movedRefund(t, finance, refund.id, to('WAITING TRANSFER'));
    expect(waiting.allowed_statuses).toEqual(['TRANSFERED']);
    const body = multipart(await pngImage(60, 40));
    const proof = await api.post(`/api/refunds/${refund.id}/proof`, body.payload, {
      ...finance,
      'content-type': body.contentType,
    });
    expect(proof.statusCode, proof.body).toBe(200);
    // A private file: served by its own route to those who record transfers, never in /uploads.
    const proofUrl = proof.json().data.proof_url as string;
    expect(proofUrl).toMatch(new RegExp(`^/api/refunds/${refund.id}/proof\\?v=[0-9a-f-]+$`));
    const image = await api.get(proofUrl, finance);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expectCode(await api.get(proofUrl, manager), 403, 'forbidden');
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', 'refunds'))).toBe(false);
    const noReference = await moveRefund(t, finance, refund.id, { status: 'TRANSFERED' });
    expect(noReference.statusCode).toBe(400);
    const sent = await movedRefund(t, finance, refund.id, to('TRANSFERED'));
    expect(sent.transfer_reference).toBe('MBB-REF-0001');
    const done = await movedRefund(t, finance, refund.id, to('COMPLETED'));
    expect(done.order.refunded).toBe(500);
  });

  it("keeps a bank's PDF slip as sent, hands it over as a file, and refuses a PDF cut short", async () => {
    const refund = await pending({ transfer: true });
    await movedRefund(t, finance, refund.id, to('APPROVED'));
    const upload = (file: Buffer) => {
      const body = multipart(file, 'slip.pdf', 'application/pdf');
      return api.post(`/api/refunds/${refund.id}/proof`, body.payload, {
        ...finance,
        'content-type': body.contentType,
      });
    };
    const slip = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
    );
    // No end-of-file marker: a truncated download, or something else named .pdf.
    expectCode(await upload(slip.subarray(0, 30)), 400, 'unsupported_proof_type');
    expectCode(await upload(Buffer.from('%PDX-1.4 %%EOF')), 400, 'unsupported_proof_type');
    const kept = await upload(slip);
    expect(kept.statusCode, kept.body).toBe(200);
    const file = await api.get(kept.json().data.proof_url as string, finance);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;.*-proof\.pdf/);
    expect(file.rawPayload.equals(slip)).toBe(true);
  });

  it('refuses every move the machine does not allow with 409 invalid_status_transition', async () => {
    for (const { at, path, transfer } of paths) {
      const refund = await refundAt(path, transfer);
      expect(refund.status).toBe(at);
      let allowed = refundTransitions[at];
      if (at === 'APPROVED') allowed = [transfer ? 'WAITING TRANSFER' : 'COMPLETED'];
      for (const status of refundStatuses.filter((s) => !allowed.includes(s))) {
        const res = await moveRefund(t, admin, refund.id, to(status));
        expectCode(res, 409, 'invalid_status_transition');
      }
    }
  });

  it('makes every legal move', async () => {
    for (const { at, path, transfer } of paths) {
      let allowed = refundTransitions[at];
      if (at === 'APPROVED') allowed = [transfer ? 'WAITING TRANSFER' : 'COMPLETED'];
      for (const status of allowed) {
        const refund = await refundAt(path, transfer);
        expect((await movedRefund(t, admin, refund.id, to(status))).status).toBe(status);
      }
    }
  });

  it('lowers what a rejected order is owed when its refund completes', async () => {
    const o = await cardOrder(t, admin, refs.kl, refs.product, 1060);
    const rejected = await api.post(
      `/api/orders/${o.id}/status`,
      { status: 'REJECTED', reason: 'Out of milk' },
      admin,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The rejection asked for the whole refund by the card itself; nothing more can be asked.
    const [owed] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(owed).toMatchObject({ amount: 1060, method: 'original', status: 'PENDING' });
    expectCode(
      await api.post(
        '/api/refunds',
        { order_id: o.id, kind: 'full', method: 'original', reason: 'order_cancelled' },
        { ...cashier, 'idempotency-key': 'owed-again' },
      ),
      409,
      'refund_exceeds_paid',
    );
    await movedRefund(t, finance, owed!.id, to('APPROVED'));
    await movedRefund(t, finance, owed!.id, to('COMPLETED'));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ refunded: 1060, refundDue: 0 });
  });
});

describe('who may move a refund', () => {
  it('never lets the requester approve or reject their own refund', async () => {
    const refund = await pending({ by: manager });
    expect(refund.allowed_statuses).toEqual([]);
    expectCode(await moveRefund(t, manager, refund.id, to('APPROVED')), 403, 'refund_own_request');
    expectCode(await moveRefund(t, manager, refund.id, to('REJECTED')), 403, 'refund_own_request');
  });

  it("keeps a manager to the tenant's limit; finance approves any amount", async () => {
    const tenantId = await demoTenantId(t);
    const [tenant] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
    expect(tenant!.refundManagerLimit).toBe(5000);
    const above = await pending({ amount: 5001 });
    const seen = refundSchema.parse(
      (await api.get(`/api/refunds/${above.id}`, manager)).json().data,
    );
    expect(seen.allowed_statuses).toEqual(['REJECTED']);
    expectCode(
      await moveRefund(t, manager, above.id, to('APPROVED')),
      403,
      'refund_above_manager_limit',
    );
    expect((await movedRefund(t, finance, above.id, to('APPROVED'))).status).toBe('APPROVED');
    const atLimit = await pending({ amount: 5000 });
    expect((await movedRefund(t, manager, atLimit.id, to('APPROVED'))).status).toBe('APPROVED');
  });

  it('answers 403 to a move without its permission and 401 without a session', async () => {
    const refund = await pending();
    expectCode(await moveRefund(t, cashier, refund.id, to('APPROVED')), 403, 'forbidden');
    await movedRefund(t, finance, refund.id, to('APPROVED'));
    expect(
      (await api.get(`/api/refunds/${refund.id}`, admin)).json().data.allowed_statuses,
    ).toEqual(['COMPLETED']);
    expectCode(await moveRefund(t, anonymous, refund.id, to('COMPLETED')), 401, 'unauthorized');
    const transfer = await pending({ transfer: true });
    await movedRefund(t, finance, transfer.id, to('APPROVED'));
    expectCode(await moveRefund(t, manager, transfer.id, to('WAITING TRANSFER')), 403, 'forbidden');
  });
});

describe('who sees which refunds', () => {
  it("hides another tenant's refunds and orders (404)", async () => {
    const refund = await pending();
    const other = await otherTenant(t, 'refund-other');
    expectCode(await api.get(`/api/refunds/${refund.id}`, other.headers), 404, 'not_found');
    expectCode(await moveRefund(t, other.headers, refund.id, to('APPROVED')), 404, 'not_found');
    expectCode(
      await api.get(`/api/orders/${refund.order_id}/refundable`, other.headers),
      404,
      'not_found',
    );
    const list = await api.get('/api/refunds', other.headers);
    expect(list.json().data).toEqual([]);
  });

  it("shows an outlet-bound user their outlet's refunds only", async () => {
    const penang = await pending({ by: admin, outlet: refs.pg });
    const ours = await pending();
    for (const user of [cashier, manager]) {
      expectCode(await api.get(`/api/refunds/${penang.id}`, user), 404, 'not_found');
      expectCode(await moveRefund(t, user, penang.id, to('APPROVED')), 404, 'not_found');
      expectCode(await api.get(`/api/refunds?outlet_id=${refs.pg}`, user), 404, 'not_found');
      expectCode(
        await api.get(`/api/orders/${penang.order_id}/refundable`, user),
        404,
        'not_found',
      );
      const ids = (await api.get('/api/refunds?page_size=100', user))
        .json()
        .data.map((r: { id: string }) => r.id);
      expect(ids).toContain(ours.id);
      expect(ids).not.toContain(penang.id);
    }
    const all = (await api.get('/api/refunds?page_size=100', finance))
      .json()
      .data.map((r: { id: string }) => r.id);
    expect(all).toEqual(expect.arrayContaining([ours.id, penang.id]));
  });

  it('keeps the digits of an account number typed with spaces and dashes, masks them without transfer-refund and shows them to finance', async () => {
    const o = await cardOrder(t, admin, refs.kl, refs.product, 1060);
    const refund = await refundOf(t, cashier, {
      order_id: o.id,
      kind: 'amount',
      amount: 500,
      method: 'bank_transfer',
      reason: 'quality_issue',
      bank: { ...bank, account_number: ' 1140-1234 5678 ' },
    });
    const forManager = refundSchema.parse(
      (await api.get(`/api/refunds/${refund.id}`, manager)).json().data,
    );
    expect(forManager.bank).toEqual({
      bank_code: 'MBB',
      bank_name: 'Maybank',
      account_holder: 'Tan Mei Ling',
      account_number: '••••5678',
      masked: true,
    });
    expect(refund.bank?.account_number).toBe('••••5678');
    const forFinance = refundSchema.parse(
      (await api.get(`/api/refunds/${refund.id}`, finance)).json().data,
    );
    expect(forFinance.bank).toMatchObject({ account_number: '114012345678', masked: false });
  });
});

describe('the refund list', () => {
  it('searches by refund or order number, filters, counts per status and exports', async () => {
    const refund = await pending({ amount: 123 });
    const byNo = (await api.get(`/api/refunds?q=${refund.refund_no}`, finance)).json();
    expect(byNo.data.map((r: { id: string }) => r.id)).toEqual([refund.id]);
    expect(byNo.meta.total).toBe(1);
    const byOrder = (await api.get(`/api/refunds?q=${refund.order_no}`, finance)).json();
    expect(byOrder.data.map((r: { id: string }) => r.id)).toEqual([refund.id]);
    const pendingOnly = (
      await api.get('/api/refunds?status=PENDING&page_size=100', finance)
    ).json();
    expect(pendingOnly.data.every((r: { status: string }) => r.status === 'PENDING')).toBe(true);
    const counts = (await api.get('/api/refunds/status-counts', finance)).json().data;
    expect(counts.PENDING).toBe(pendingOnly.meta.total);
    expect(Object.keys(counts).sort()).toEqual([...refundStatuses].sort());
    const sorted = (await api.get('/api/refunds?sort=amount&page_size=100', finance)).json().data;
    const amounts = sorted.map((r: { amount: number }) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a: number, b: number) => a - b));
    expectCode(await api.get('/api/refunds?sort=nope', finance), 400, 'validation_failed');
    const day = (
      await api.get('/api/refunds?from=2026-06-10&to=2026-06-10&page_size=100', finance)
    ).json();
    expect(day.data.map((r: { id: string }) => r.id)).toContain(refund.id);
    const before = (await api.get('/api/refunds?to=2026-06-09', finance)).json();
    expect(before.meta.total).toBe(0);
    const csv = await api.get(`/api/refunds/export?q=${refund.refund_no}&lang=my`, finance);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toContain('No. bayaran balik');
    expect(line).toContain(refund.refund_no);
    expect(line).toContain('1.23');
    expect(line).toContain('Menunggu');
    // The order's number is followed by its business day: numbers start again each day.
    expect(header).toContain('No. pesanan,Tarikh pesanan');
    expect(line).toContain(`${refund.order_no},2026/06/10`);
    // The list carries the order's business day too.
    expect(day.data.find((r: { id: string }) => r.id === refund.id)).toMatchObject({
      order_no: refund.order_no,
      order_date: '2026-06-10',
    });
  });
});
