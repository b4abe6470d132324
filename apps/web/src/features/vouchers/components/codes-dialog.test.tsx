import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import type { VoucherCode, VoucherCodeJob } from '../api';
import { testVoucher } from '../test-vouchers';
import { CodesDialog } from './codes-dialog';
import { retype } from '../../../test/user-steps';

afterEach(() => vi.unstubAllGlobals());

const voucher = testVoucher('v3', 'Raya treat', {
  code_kind: 'unique',
  code: null,
  valid_from: '2026-03-01T00:00:00.000Z',
  valid_until: '2026-04-01T00:00:00.000Z',
});
const code = (n: number): VoucherCode => ({
  id: `c${n}`,
  code: `RAYA-${String(n).padStart(8, '7')}`,
  created_at: '2026-03-01T00:00:00.000Z',
  redeemed_at: null,
  customer_id: null,
});

/**
 * The server's side of one generation of 250 codes: the POST answers the queued job, each GET of
 * the job the next step of `steps`; the code list has none before the job is done, 3 after.
 */
function serve(steps: VoucherCodeJob[]) {
  let polls = 0;
  let made = 0;
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/vouchers/v3/codes' && call.method === 'POST') {
      return { status: 202, body: { data: { id: 'j1', status: 'queued', done: 0, total: 250 } } };
    }
    if (url.pathname === '/api/vouchers/v3/codes/jobs/j1') {
      const step = steps[Math.min(polls, steps.length - 1)]!;
      polls += 1;
      if (step.status === 'done') made = 3;
      return { body: { data: step } };
    }
    if (url.pathname === '/api/vouchers/v3/codes' && call.method === 'GET') {
      const redeemed = url.searchParams.get('redeemed');
      // Codes made here are not redeemed yet.
      const rows = redeemed === 'true' ? [] : Array.from({ length: made }, (_, i) => code(i + 1));
      return { body: { data: rows, meta: { page: 1, page_size: 20, total: rows.length } } };
    }
    if (url.pathname === '/api/vouchers/v3/codes/export') {
      return { body: 'code\nRAYA-77777771\n' };
    }
    return undefined;
  });
  renderWithProviders(
    <CodesDialog voucher={voucher} timeZone="Asia/Kuala_Lumpur" mayGenerate onClose={() => {}} />,
  );
  return { calls, polls: () => polls };
}

const job = (status: VoucherCodeJob['status'], done: number): VoucherCodeJob => ({
  id: 'j1',
  kind: 'voucher_codes',
  error: null,
  created_at: '2026-03-01T00:00:00.000Z',
  finished_at: null,
  status,
  done,
  total: 250,
});
const dialog = () => within(screen.getByTestId('voucher-codes-dialog'));

describe('voucher codes', { timeout: 30_000 }, () => {
  it('generates codes with a progress bar that follows the job, then lists them', async () => {
    const server = serve([job('running', 100), job('running', 200), job('done', 250)]);
    expect(await dialog().findByText('No codes yet: generate some above.')).toBeInTheDocument();
    await retype(dialog().getByTestId('voucher-code-count'), '250');
    await userEvent.type(dialog().getByTestId('voucher-code-prefix'), 'raya');
    await userEvent.click(dialog().getByTestId('voucher-code-generate'));
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
        count: 250,
        prefix: 'RAYA',
      }),
    );
    expect(dialog().getByText('Waiting to start…')).toBeInTheDocument();
    // 100 of 250 is 40%, 200 of 250 is 80%.
    const bar = () =>
      within(dialog().getByTestId('voucher-code-progress')).getByRole('progressbar');
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '40'), { timeout: 5000 });
    expect(dialog().getByText('Generating codes: 100 of 250')).toBeInTheDocument();
    expect(dialog().getByTestId('voucher-code-generate')).toBeDisabled();
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '80'), { timeout: 5000 });
    expect(
      await dialog().findByText('250 codes generated', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(dialog().queryByTestId('voucher-code-progress')).toBeNull();
    await waitFor(() => expect(dialog().getAllByTestId('voucher-code')).toHaveLength(3));
    // The job is not asked again once it is done.
    const asked = server.polls();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.polls()).toBe(asked);
  });

  it('says so when the job fails', async () => {
    serve([job('running', 100), job('failed', 120)]);
    await userEvent.click(await dialog().findByTestId('voucher-code-generate'));
    expect(
      await dialog().findByText(
        'The codes could not all be generated (120 of 250 made). Try again.',
        undefined,
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(dialog().getByTestId('voucher-code-generate')).toBeEnabled();
  });

  it('checks the count and the prefix with the contract before asking the server', async () => {
    const { calls } = serve([job('done', 250)]);
    await userEvent.clear(await dialog().findByTestId('voucher-code-count'));
    await userEvent.type(dialog().getByTestId('voucher-code-count'), '100001');
    await userEvent.type(dialog().getByTestId('voucher-code-prefix'), 'RA-YA');
    await userEvent.click(dialog().getByTestId('voucher-code-generate'));
    expect(await dialog().findByText(/100000/)).toBeInTheDocument();
    expect(dialog().getByText('Use 3 to 32 letters, digits or dashes')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('downloads the CSV and prints a sheet of the codes shown', async () => {
    const createObjectURL = vi.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { calls } = serve([job('done', 250)]);
    // Three codes exist once a job is done: generate, then use them.
    await userEvent.click(await dialog().findByTestId('voucher-code-generate'));
    await waitFor(() => expect(dialog().getAllByTestId('voucher-code')).toHaveLength(3), {
      timeout: 5000,
    });
    await userEvent.click(dialog().getByTestId('voucher-codes-download'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    // The CSV's columns are named in the screen's language.
    expect(calls.some((c) => c.url === '/api/vouchers/v3/codes/export?lang=en')).toBe(true);
    await userEvent.click(dialog().getByTestId('voucher-codes-print'));
    const sheet = within(await screen.findByTestId('voucher-sheet'));
    expect(sheet.getAllByTestId('voucher-sheet-code').map((n) => n.textContent)).toEqual([
      // Name, code, and the validity on the Kuala Lumpur clock (UTC+8).
      'Raya treatRAYA-77777771Valid 2026/03/01 08:00 – 2026/04/01 08:00',
      'Raya treatRAYA-77777772Valid 2026/03/01 08:00 – 2026/04/01 08:00',
      'Raya treatRAYA-77777773Valid 2026/03/01 08:00 – 2026/04/01 08:00',
    ]);
    await userEvent.click(sheet.getByTestId('voucher-sheet-print'));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('filters the codes by redeemed or not through the API', async () => {
    const { calls } = serve([job('done', 250)]);
    await userEvent.click(await dialog().findByTestId('voucher-code-generate'));
    await waitFor(() => expect(dialog().getAllByTestId('voucher-code')).toHaveLength(3), {
      timeout: 5000,
    });
    await userEvent.click(dialog().getByTestId('voucher-codes-filter-redeemed'));
    await userEvent.click(await screen.findByRole('option', { name: 'Redeemed' }));
    expect(await dialog().findByText('No codes match this search or filter.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/codes?') && c.url.includes('redeemed=true'))).toBe(
      true,
    );
  });
});
