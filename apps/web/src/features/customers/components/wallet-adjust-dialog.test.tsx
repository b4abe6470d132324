import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch, type Call } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { captureToasts } from '../../../test/toasts';
import { sampleWalletEntry } from '../../../test/wallet-entry';
import { aishahId, sampleCustomer } from '../customer-fixture';
import { WalletAdjustDialog } from './wallet-adjust-dialog';

let shown: () => string[];
beforeEach(() => {
  shown = captureToasts().shown;
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const posted = (call: Call) => {
  const { amount } = call.body as { amount: number };
  return {
    body: {
      data: {
        status: 'posted',
        entry: sampleWalletEntry({ kind: 'adjustment', amount, balance_after: 4550 + amount }),
        adjustment: null,
        balance: 4550 + amount,
      },
    },
  };
};

function setup(answer: (call: Call) => { status?: number; body?: unknown } = posted) {
  const calls = mockFetch((call) =>
    call.url === `/api/customers/${aishahId}/wallet/adjust` && call.method === 'POST'
      ? answer(call)
      : undefined,
  );
  const onDone = vi.fn(() => Promise.resolve());
  const onClose = vi.fn();
  renderWithProviders(
    <WalletAdjustDialog customer={sampleCustomer()} open onClose={onClose} onDone={onDone} />,
  );
  const posts = () => calls.filter((c) => c.method === 'POST');
  return { posts, onDone, onClose };
}

async function fill(amount: string, reason: string) {
  if (amount) await userEvent.type(screen.getByTestId('wallet-adjust-amount'), amount);
  if (reason) await userEvent.type(screen.getByTestId('wallet-adjust-reason'), reason);
  await userEvent.click(screen.getByTestId('wallet-adjust-save'));
}

/** The dialog says why it refuses, and nothing was sent. */
async function expectRefused(posts: () => Call[], reason: string) {
  await waitFor(() => expect(screen.getByTestId('wallet-adjust-dialog')).toHaveTextContent(reason));
  expect(posts()).toHaveLength(0);
}

describe('adjusting a wallet', { timeout: 20_000 }, () => {
  it('shows the balance and asks for an amount and a reason before sending', async () => {
    const { posts } = setup();
    expect(screen.getByTestId('wallet-adjust-balance')).toHaveTextContent('RM');
    expect(screen.getByTestId('wallet-adjust-balance')).toHaveTextContent('45.50');
    await fill('', '');
    const dialog = screen.getByTestId('wallet-adjust-dialog');
    await waitFor(() => expect(dialog).toHaveTextContent('This field is required'));
    await fill('0', 'ok');
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'Enter an amount above RM 0.00; choose Debit to take money off',
      ),
    );
    expect(dialog).toHaveTextContent('The minimum length is 3');
    expect(posts()).toHaveLength(0);
  });

  // A minus sign is refused in either direction, never read as its absolute value: a "credit"
  // of −10 once credited RM 10.
  it.each(['Credit (add money)', 'Debit (take money)'])(
    'refuses a minus amount with %s chosen and sends nothing',
    async (direction) => {
      const { posts } = setup();
      await userEvent.click(screen.getByRole('radio', { name: direction }));
      await fill('-10', 'Goodwill credit');
      await expectRefused(posts, 'Enter an amount above RM 0.00; choose Debit to take money off');
    },
  );

  it('takes the smallest amount, 1 sen, in either direction', async () => {
    const { posts, onDone } = setup();
    await userEvent.click(screen.getByRole('radio', { name: 'Debit (take money)' }));
    await fill('0.01', 'Rounding fix');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()[0]?.body).toEqual({ amount: -1, reason: 'Rounding fix' });
  });

  it('refuses more than RM 10,000', async () => {
    const { posts } = setup();
    await fill('10000.01', 'Goodwill credit');
    await expectRefused(posts, 'Maximal value is RM 10,000.00');
  });

  it('credits within the limit: posted, the ledger refreshes and a toast says the new balance', async () => {
    const { posts, onDone, onClose } = setup();
    await fill('12.50', 'Spilt drink, goodwill');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()[0]?.body).toEqual({ amount: 1250, reason: 'Spilt drink, goodwill' });
    expect(posts()[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(shown()[0]).toMatch(
      /^success:Wallet adjusted by RM\s?12\.50\. Balance now RM\s?58\.00\.$/,
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('debits as a negative amount; over the limit it waits for a second approver', async () => {
    const { posts, onDone } = setup(() => ({
      body: {
        data: {
          status: 'pending_approval',
          entry: null,
          adjustment: {
            id: 'adj-1',
            customer_id: aishahId,
            customer_name: 'Nur Aishah',
            amount: -3000,
            reason: 'Duplicate top-up',
            status: 'pending',
            requested_by: 'Aisyah Rahman',
            decided_by: null,
            decided_at: null,
            created_at: '2026-03-15T03:00:00.000Z',
          },
          balance: 4550,
        },
      },
    }));
    await userEvent.click(screen.getByRole('radio', { name: 'Debit (take money)' }));
    await fill('30', 'Duplicate top-up');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()[0]?.body).toEqual({ amount: -3000, reason: 'Duplicate top-up' });
    expect(shown()[0]).toMatch(/^info:The adjustment of -RM\s?30\.00 is over your limit/);
    expect(shown()[0]).toContain('second approver');
  });

  it('keeps the dialog open when the server refuses (balance too low)', async () => {
    const { onDone, onClose } = setup(() => ({
      status: 409,
      body: { code_message: 'insufficient_wallet_balance', message: 'too low' },
    }));
    await userEvent.click(screen.getByRole('radio', { name: 'Debit (take money)' }));
    await fill('100', 'Correction');
    await waitFor(() => expect(shown()[0]).toMatch(/^error:/));
    expect(onDone).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('wallet-adjust-dialog')).toBeVisible();
  });
});
