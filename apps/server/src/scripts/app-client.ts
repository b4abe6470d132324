import { randomUUID } from 'node:crypto';
import type { MobileMenuProduct, MobileSession, PaymentStart } from '@kopi/contract';

// The customer app's side of the API as the load scripts drive it (simulate, the crash test): a
// small HTTP client with the tenant header and an Idempotency-Key on writes, customers signed up
// and verified through the API, and random valid cart lines. Verification codes are read from
// GET /api/dev/outbox, which exists only when the server runs with KOPI_E2E=1 and only the
// platform superadmin may read (the demo one, on a demo server).

export interface Answer<T> {
  status: number;
  data: T;
  code: string | null;
  message: string;
  /** The server answered from its idempotency store (a retry of a request it had finished). */
  replayed: boolean;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** true: a fresh Idempotency-Key; a string: that key (a retry sends the first one again). */
  key?: boolean | string;
  /** A sandbox callback, posted byte for byte as the pretend bank sends it. */
  raw?: PaymentStart['sandbox_callback'];
}

export type Call = <T>(
  method: 'GET' | 'POST',
  path: string,
  options?: CallOptions,
) => Promise<Answer<T>>;

/**
 * A client of the server at `base` for the business `tenant` (X-Tenant). Network failures throw
 * (fetch's TypeError); every answer, error or not, resolves. `onLatency` sees each request's ms.
 */
export function apiClient(
  base: URL,
  tenant: string,
  onLatency: (ms: number) => void = () => {},
): Call {
  return async <T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}) => {
    const headers: Record<string, string> = { 'x-tenant': tenant };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.key) {
      headers['idempotency-key'] = options.key === true ? randomUUID() : options.key;
    }
    let body: string | undefined;
    if (options.raw) {
      Object.assign(headers, options.raw.headers);
      body = options.raw.body;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const started = performance.now();
    const res = await fetch(new URL(path, base), { method, headers, body });
    const text = await res.text();
    onLatency(performance.now() - started);
    let json: { data?: T; code_message?: string; message?: string } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    return {
      status: res.status,
      data: json.data as T,
      code: json.code_message ?? null,
      message: json.message ?? text.slice(0, 200),
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const DEMO_PASSWORD = 'Kopi@1234';
let outboxReader: string | undefined;

async function outboxToken(call: Call): Promise<string | undefined> {
  if (outboxReader) return outboxReader;
  const answer = await call<{ token: string }>('POST', '/api/login', {
    body: { username: 'superadmin', password: DEMO_PASSWORD },
  });
  if (answer.status === 200) outboxReader = answer.data.token;
  return outboxReader;
}

/** The latest verification code texted to `phone`, read from the development outbox. */
export async function verificationCode(call: Call, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const mail = await call<{ to: string; kind: string; text: string }[]>(
      'GET',
      '/api/dev/outbox?limit=100',
      { token: await outboxToken(call) },
    );
    // A token of a session the server no longer knows: sign in again on the next attempt.
    if (mail.status === 401) outboxReader = undefined;
    if (mail.status === 404) {
      throw new Error(
        'The verification codes are read from GET /api/dev/outbox, which the server has only with KOPI_E2E=1 (never in production).\n' +
          'Start a development server with it, e.g.:\n' +
          '  KOPI_E2E=1 LOGIN_RATE_LIMIT=100000 npm run dev',
      );
    }
    const sms = mail.data?.find((m) => m.to === phone && m.kind === 'sms_verification');
    const code = sms ? /\b(\d{6})\b/.exec(sms.text)?.[1] : undefined;
    if (code) return code;
    await sleep(200);
  }
  throw new Error(`no verification code reached ${phone}`);
}

/**
 * Signs a customer up and verifies the phone; returns the session token. A phone that already
 * has a verified account (an earlier run, or a sign-up whose answer was lost) signs in instead.
 * Running it again after an interruption at any step ends in a session: an unverified sign-up is
 * replaced with a new code, and a code spent by a verify whose answer was lost leaves sign-in.
 */
export async function signUpCustomer(
  call: Call,
  customer: { name: string; phone: string; password: string },
): Promise<string> {
  const { phone, password } = customer;
  const signIn = async () => {
    const back = await call<MobileSession>('POST', '/api/mobile/auth/sign-in', {
      body: { phone, password },
    });
    if (back.status !== 200) throw new Error(`sign-in ${phone}: ${back.status} ${back.message}`);
    return back.data.token;
  };
  const up = await call('POST', '/api/mobile/auth/sign-up', { body: customer });
  if (up.status === 429) {
    throw new Error(
      `Sign-ups are rate-limited per address (${up.message}). Start the server with a high LOGIN_RATE_LIMIT, e.g. LOGIN_RATE_LIMIT=100000.`,
    );
  }
  if (up.status === 404 && up.code === 'not_found') {
    throw new Error('No business uses this tenant slug (the X-Tenant header).');
  }
  if (up.code === 'phone_taken') return signIn();
  if (up.status !== 201) throw new Error(`sign-up ${phone}: ${up.status} ${up.message}`);
  const verified = await call<MobileSession>('POST', '/api/mobile/auth/verify-phone', {
    body: { phone, code: await verificationCode(call, phone) },
  });
  if (verified.status === 200) return verified.data.token;
  // The code may have been spent by an earlier verify whose answer never came back.
  return signIn().catch(() => {
    throw new Error(`verify ${phone}: ${verified.status} ${verified.message}`);
  });
}

/** What a cart line needs of a product; the app's and the POS's menus both have it. */
type MenuProduct = Pick<MobileMenuProduct, 'id' | 'variant_groups' | 'addons'>;

/** A valid choice for every variant group (required ones always) and a few add-ons. */
export function randomLine(p: MenuProduct, random: () => number = Math.random) {
  const optionIds: string[] = [];
  for (const g of p.variant_groups) {
    const min = Math.max(g.min_select, g.required ? 1 : 0);
    const max = g.max_select === 0 ? g.options.length : Math.min(g.max_select, g.options.length);
    const wanted = min > 0 ? min : random() < 0.3 ? Math.min(1, max) : 0;
    const shuffled = [...g.options].sort(() => random() - 0.5);
    optionIds.push(...shuffled.slice(0, wanted).map((o) => o.id));
  }
  return {
    product_id: p.id,
    quantity: random() < 0.8 ? 1 : 2,
    option_ids: optionIds,
    addon_ids: p.addons.filter(() => random() < 0.15).map((a) => a.id),
  };
}

/** The table or address a serving method needs (the app's field names). */
export const servingDetails = (method: string, random: () => number = Math.random) =>
  method === 'dine_in'
    ? { table_code: `T${1 + Math.floor(random() * 30)}` }
    : method === 'delivery'
      ? { delivery_address: `${1 + Math.floor(random() * 200)} Jalan Simulasi, 50450 KL` }
      : {};
