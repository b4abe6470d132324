import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentGateway, ReconciliationResult, ReconciliationRow } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import type * as Transfer from '../../../lib/http/transfer';
import { ReconciliationPage } from './reconciliation-page';

// The upload goes over XHR (for its progress), which the fetch mock does not see: the test
// answers it here and keeps what was sent. Saving a file is the browser's: the test keeps it.
const transfer = vi.hoisted(() => ({
  uploads: [] as { path: string; form: FormData; query: unknown }[],
  saved: [] as { name: string; text: Promise<string> }[],
  answer: null as unknown,
  refusal: null as Error | null,
}));
vi.mock('../../../lib/http/transfer', async (original) => ({
  ...(await original<typeof Transfer>()),
  uploadWithProgress: vi.fn(
    async (
      path: string,
      form: FormData,
      o: { query: unknown; onProgress?: (p: unknown) => void },
    ) => {
      transfer.uploads.push({ path, form, query: o.query });
      if (transfer.refusal) throw transfer.refusal;
      o.onProgress?.({ loaded: 5, total: 10, percent: 50 });
      return transfer.answer;
    },
  ),
  saveFile: vi.fn((blob: Blob, name: string) => {
    transfer.saved.push({ name, text: blob.text() });
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
  transfer.uploads.length = 0;
  transfer.saved.length = 0;
  transfer.refusal = null;
});

const gateway = (id: string, provider: 'billplz' | 'stripe'): PaymentGateway => ({
  id,
  tenant_id: 't1',
  provider,
  mode: 'sandbox',
  methods: ['card'],
  is_default: provider === 'stripe',
  enabled: true,
  credentials: {},
  callback_url: `https://hq.kopi.my/api/payments/${provider}/callback`,
  redirect_url: `https://hq.kopi.my/api/payments/${provider}/return`,
  updated_by: 'admin',
  updated_at: '2026-06-10T04:00:00.000Z',
});

const row = (over: Partial<ReconciliationRow>): ReconciliationRow => ({
  outcome: 'matched',
  reference: 'pi_x',
  payment_id: 'p1',
  order_id: 'o1',
  order_no: 'KL01-0007',
  order_date: '2026-06-10',
  our_status: 'paid',
  our_amount: 1325,
  their_status: 'paid',
  their_amount: 1325,
  created_at: '2026-06-10T04:00:00.000Z',
  line: null,
  ...over,
});

const result = (rows: ReconciliationRow[], over: Partial<ReconciliationResult> = {}) => ({
  gateway_id: 'g2',
  provider: 'stripe',
  source: 'query' as const,
  from: '2026-06-04',
  to: '2026-06-10',
  our_payments: rows.length,
  counts: {
    matched: rows.filter((r) => r.outcome === 'matched').length,
    amount_mismatch: rows.filter((r) => r.outcome === 'amount_mismatch').length,
    missing_theirs: 0,
    missing_ours: 0,
    unreachable: 0,
  },
  rows,
  rejected: [],
  checked_at: '2026-06-10T04:00:00.000Z',
  ...over,
});

/** Reads the gateways and the orders their payments paid for. */
const reader = (action: string, subject: string) =>
  action === 'read' && (subject === 'payment-gateway' || subject === 'order');

function setup(gateways: PaymentGateway[], answer: unknown) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/payment-gateways' && call.method === 'GET')
      return { body: { data: gateways } };
    if (call.url.startsWith('/api/payment-gateways/g2/reconciliation?'))
      return { body: { data: answer } };
    if (call.url.startsWith('/api/payment-gateways/g2/reconciliation/export?'))
      return { body: 'Outcome,Gateway reference\n' };
    return undefined;
  });
  renderWithProviders(<ReconciliationPage />, {
    can: reader,
    route: '/ge/payment-gateway/reconciliation?gateway=g2',
  });
  return calls;
}

describe('reconciliation page', { timeout: 30_000 }, () => {
  it('asks the gateway, shows the counts and the rows paged and filtered, and exports the run', async () => {
    const rows = [
      row({ outcome: 'amount_mismatch', reference: 'pi_off', their_amount: 999 }),
      ...Array.from({ length: 30 }, (_, i) => row({ reference: `pi_ok_${i}` })),
    ];
    const calls = setup([gateway('g1', 'billplz'), gateway('g2', 'stripe')], result(rows));
    expect(await screen.findByTestId('reconciliation-not-run')).toBeInTheDocument();
    expect(screen.getByTestId('reconciliation-gateway')).toHaveValue('g2');
    await userEvent.click(screen.getByTestId('reconciliation-run'));

    const found = await screen.findByTestId('reconciliation-result');
    const run = calls.find((c) => c.url.includes('/reconciliation?'))!;
    expect(run.method).toBe('POST');
    expect(run.url).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&source=query$/);
    expect(within(found).getByTestId('reconciliation-count-matched')).toHaveTextContent(
      'Matched: 30',
    );
    expect(within(found).getByTestId('reconciliation-count-amount_mismatch')).toHaveTextContent(
      'Amount mismatch: 1',
    );
    // What needs looking at first; 25 rows a page.
    const table = screen.getByTestId('reconciliation-table');
    expect(within(table).getByTestId('reconciliation-row-pi_off')).toHaveTextContent(
      /Amount mismatch.*pi_off.*KL01-0007.*Paid · RM\s?13\.25.*Paid · RM\s?9\.99/,
    );
    expect(
      within(within(table).getByTestId('reconciliation-row-pi_off')).getByRole('link', {
        name: 'KL01-0007',
      }),
    ).toHaveAttribute('href', '/order/details/o1');
    expect(within(table).queryByTestId('reconciliation-row-pi_ok_24')).not.toBeInTheDocument();
    expect(within(table).getByTestId('reconciliation-row-pi_ok_23')).toBeInTheDocument();

    // A count filters the rows to its outcome.
    await userEvent.click(screen.getByTestId('reconciliation-count-amount_mismatch'));
    await waitFor(() =>
      expect(within(table).queryByTestId('reconciliation-row-pi_ok_0')).not.toBeInTheDocument(),
    );
    expect(within(table).getByTestId('reconciliation-row-pi_off')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('reconciliation-export'));
    await waitFor(() => expect(transfer.saved).toHaveLength(1));
    const exported = calls.find((c) => c.url.includes('/reconciliation/export?'))!;
    expect(exported.method).toBe('POST');
    expect(exported.url).toMatch(/source=query&lang=en$/);
  });

  it('uploads the settlement file with its format explained, and shows the unreadable lines', async () => {
    transfer.answer = result([], {
      source: 'file',
      our_payments: 0,
      rejected: [{ line: 4, message: 'Amount "12.5O" is not an amount of money' }],
    });
    setup([gateway('g2', 'stripe')], null);
    await userEvent.click(await screen.findByTestId('reconciliation-source-file'));
    expect(screen.getByTestId('reconciliation-file-help')).toHaveTextContent('payment_intent_id');
    expect(screen.getByTestId('reconciliation-run')).toBeDisabled();
    const file = new File(['balance_transaction_id,gross\n'], 'balance.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByTestId('reconciliation-file'), file);
    expect(screen.getByText('balance.csv')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('reconciliation-run'));

    expect(await screen.findByTestId('reconciliation-rejected')).toHaveTextContent(
      'Line 4: Amount "12.5O" is not an amount of money',
    );
    expect(transfer.uploads).toHaveLength(1);
    expect(transfer.uploads[0]!.path).toBe('/payment-gateways/g2/reconciliation');
    expect(transfer.uploads[0]!.query).toMatchObject({ source: 'file' });
    expect((transfer.uploads[0]!.form.get('file') as File).name).toBe('balance.csv');
    expect(screen.getByText(/Nothing to report/)).toBeInTheDocument();
  });

  it("leaves no earlier run's rows on screen when a settlement file is refused", async () => {
    setup([gateway('g2', 'stripe')], result([row({ reference: 'pi_earlier' })]));
    await userEvent.click(await screen.findByTestId('reconciliation-run'));
    expect(await screen.findByTestId('reconciliation-row-pi_earlier')).toBeInTheDocument();
    transfer.refusal = new Error('Not a settlement file of this gateway');
    await userEvent.click(screen.getByTestId('reconciliation-source-file'));
    const file = new File(['x\n'], 'other.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByTestId('reconciliation-file'), file);
    await userEvent.click(screen.getByTestId('reconciliation-run'));
    expect(await screen.findByTestId('reconciliation-not-run')).toBeInTheDocument();
    expect(screen.queryByTestId('reconciliation-row-pi_earlier')).toBeNull();
  });

  it('says so when no gateway is set up', async () => {
    setup([], null);
    expect(await screen.findByTestId('reconciliation-no-gateway')).toHaveTextContent(
      'No gateway is set up yet',
    );
  });
});
