import { vi } from 'vitest';

export interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export type FetchHandler = (
  call: Call,
) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Replaces fetch with a router of canned answers; returns the calls made. */
export function mockFetch(handler: FetchHandler) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { code_message: 'route_not_found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** A refusal as the server writes it: the status, its error code and its message. */
export const errorAnswer = (status: number, code_message: string, message: string) => ({
  status,
  body: { code_message, message },
});

export const sessionAnswer = (overrides: Record<string, unknown> = {}) => ({
  id: 'u1',
  username: 'admin',
  fullname: 'Aisyah Rahman',
  email: 'admin@kopi-demo.my',
  avatar: null,
  id_outlet: null,
  tenant_id: 't1',
  tenant_name: 'Kopi Demo Sdn Bhd',
  is_verify: true,
  kyc_rejection_reason: null,
  kyc_status: null,
  language: 'en',
  settings: {},
  token: 'header.eyJleHAiOjk5OTk5OTk5OTl9.sig',
  refresh_token: 'refresh-1',
  permissions: ['read-dashboard', 'read-acldemo'],
  menus: [],
  role_name: 'admin',
  ...overrides,
});

/** Two outlets of the demo tenant, as page tests name them. */
export const testOutlets = {
  kl: '2c6c1f7e-8a3b-4b8a-9d0e-1f2a3b4c5d6e',
  pg: '3d7d2f8e-9b4c-4c9b-8e1f-2a3b4c5d6e7f',
};

/** The answer of an outlet filter's list (dashboard, reports): Kuala Lumpur and Penang. */
export const outletFilterAnswer = () => ({
  body: {
    data: [
      { id: testOutlets.kl, name: 'Kuala Lumpur', code: 'KL01', timezone: 'Asia/Kuala_Lumpur' },
      { id: testOutlets.pg, name: 'Penang', code: 'PG01', timezone: 'Asia/Kuala_Lumpur' },
    ],
  },
});
