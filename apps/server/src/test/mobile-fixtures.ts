import type { MobileSession } from '@kopi/contract';
import { and, desc, eq } from 'drizzle-orm';
import { outbox } from '../db/schema/platform';
import { postOrder } from './order-fixtures';
import { requestAs, type RequestHeaders, type TestApp, withIdempotencyKey } from './test-app';

// Test helpers for the customer app: the X-Tenant header, customers signed up and verified
// through the API (the code read from the outbox, as the e2e suite reads e-mails), orders placed
// with an Idempotency-Key.

export const DEMO_SLUG = 'kopi-demo';
export const CUSTOMER_PASSWORD = 'Kopi@1234';
export const demoTenantHeader = { 'x-tenant': DEMO_SLUG };

let phoneCounter = Math.floor(Math.random() * 80_000_000);
/** A fresh Malaysian mobile number in E.164 (+6011 and eight digits) for each call. */
export const newPhone = () => `+6011${10_000_000 + (phoneCounter++ % 80_000_000)}`;

/** The latest verification code texted to `phone` (from the outbox). */
export async function latestCode(t: TestApp, phone: string): Promise<string> {
  const [sms] = await t.database.db
    .select({ text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.toAddress, phone), eq(outbox.kind, 'sms_verification')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
  if (!code) throw new Error(`no verification code was sent to ${phone}`);
  return code;
}

export function signUp(
  t: TestApp,
  body: Record<string, unknown>,
  headers: Record<string, string> = demoTenantHeader,
) {
  return requestAs(t, headers).post('/api/mobile/auth/sign-up', body);
}

export interface TestCustomer {
  phone: string;
  token: string;
  headers: { authorization: string };
  session: MobileSession;
}

/** Signs up and verifies a customer of `slug`; returns the session and its bearer header. */
export async function verifiedCustomer(
  t: TestApp,
  options: { name?: string; phone?: string; slug?: string } = {},
): Promise<TestCustomer> {
  const phone = options.phone ?? newPhone();
  const tenant = { 'x-tenant': options.slug ?? DEMO_SLUG };
  const res = await signUp(
    t,
    { name: options.name ?? 'Nur Aina', phone, password: CUSTOMER_PASSWORD },
    tenant,
  );
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const verified = await requestAs(t, tenant).post('/api/mobile/auth/verify-phone', {
    phone,
    code: await latestCode(t, phone),
  });
  if (verified.statusCode !== 200) {
    throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  }
  const session = verified.json().data as MobileSession;
  return { phone, token: session.token, headers: t.bearer(session.token), session };
}

/** POST /api/mobile/orders with a fresh (or the given) Idempotency-Key. */
export function placeOrder(
  t: TestApp,
  headers: RequestHeaders,
  body: Record<string, unknown>,
  key?: string,
) {
  return postOrder(t, '/api/mobile/orders', headers, body, key);
}

/** Starts a sandbox payment and posts the signed callback it answers, as the bank would. */
export async function payWithSandbox(
  t: TestApp,
  headers: Record<string, string>,
  orderId: string,
  options: { method?: string; outcome?: 'paid' | 'failed' } = {},
) {
  const started = await requestAs(t, withIdempotencyKey(headers)).post(
    `/api/mobile/orders/${orderId}/pay`,
    {
      provider: 'sandbox',
      method: options.method ?? 'card',
      sandbox_outcome: options.outcome ?? 'paid',
    },
  );
  if (started.statusCode !== 201)
    throw new Error(`pay failed: ${started.statusCode} ${started.body}`);
  const payment = started.json().data as {
    payment_id: string;
    amount: number;
    sandbox_callback: { url: string; headers: Record<string, string>; body: string };
  };
  const callback = await postCallback(t, payment.sandbox_callback);
  return { payment, callback };
}

export function postCallback(
  t: TestApp,
  cb: { url: string; headers: Record<string, string>; body: string },
) {
  return requestAs(t, cb.headers).post(cb.url, cb.body);
}
