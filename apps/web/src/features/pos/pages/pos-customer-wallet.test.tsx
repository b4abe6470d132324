import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WalletPaymentCodeInfo } from '@kopi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch, type Call } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { counterCustomer, findSlowly, payExactCash, posApiAnswer, slow } from '../test-pos-api';
import { PosPage } from './pos-page';
import { retype } from '../../../test/user-steps';

// The counter's customer (found or added by phone) and the Kopi wallet paying part of a sale.

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const aminah = counterCustomer();
const aminahId = aminah.id;
const codeInfo: WalletPaymentCodeInfo = {
  customer_id: aminahId,
  customer_name: 'Siti Aminah',
  phone: '+60123456789',
  balance: 200,
  expires_at: '2026-01-05T04:01:00Z',
};

type Answer = { status?: number; body?: unknown } | undefined;

function renderPos(extra: (call: Call) => Answer = () => undefined) {
  const calls = mockFetch((call) => extra(call) ?? posApiAnswer(call));
  renderWithProviders(<PosPage />);
  return {
    calls,
    sales: () => calls.filter((c) => c.url === '/api/orders' && c.method === 'POST'),
  };
}

async function openCustomerDialog(phone: string) {
  await userEvent.click(await findSlowly('pos-product-KOP-001'));
  await userEvent.click(screen.getByTestId('pos-customer'));
  const dialog = await findSlowly('pos-customer-dialog');
  await userEvent.type(within(dialog).getByTestId('pos-customer-phone'), `${phone}{Enter}`);
  return dialog;
}

async function payWithWallet(code: string) {
  await userEvent.click(screen.getByTestId('pos-pay'));
  const payment = await findSlowly('pos-payment');
  await userEvent.click(within(payment).getByTestId('pos-method-wallet'));
  await userEvent.type(within(payment).getByTestId('pos-wallet-code'), `${code}{Enter}`);
  return payment;
}

describe('POS: the sale’s customer', { timeout: 60_000 }, () => {
  it('finds a customer by phone, attaches them, and the sale names them', async () => {
    const { calls, sales } = renderPos((call) =>
      call.url.startsWith('/api/customers/lookup') ? { body: { data: aminah } } : undefined,
    );
    const dialog = await openCustomerDialog('012-345 6789');
    const found = await within(dialog).findByTestId('pos-customer-found', {}, slow);
    expect(found).toHaveTextContent('Siti Aminah');
    expect(found).toHaveTextContent('Gold');
    expect(found).toHaveTextContent('1,250 points');
    expect(found).toHaveTextContent('Wallet RM 2.00');
    expect(calls.find((c) => c.url.startsWith('/api/customers/lookup'))?.url).toBe(
      '/api/customers/lookup?phone=%2B60123456789',
    );
    await userEvent.click(within(dialog).getByTestId('pos-customer-attach'));

    const attached = await findSlowly('pos-cart-customer');
    expect(attached).toHaveTextContent('Siti Aminah');
    expect(screen.getByTestId('pos-phone')).toHaveValue('+60123456789');

    await payExactCash();
    await findSlowly('pos-receipt-dialog');
    expect(sales()[0]?.body).toMatchObject({ customer_id: aminahId });
  });

  it('removes the attached customer from the order', async () => {
    renderPos((call) =>
      call.url.startsWith('/api/customers/lookup') ? { body: { data: aminah } } : undefined,
    );
    const dialog = await openCustomerDialog('0123456789');
    await userEvent.click(await within(dialog).findByTestId('pos-customer-attach', {}, slow));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Siti Aminah from the order' }, slow),
    );
    expect(screen.queryByTestId('pos-cart-customer')).toBeNull();
    expect(screen.getByTestId('pos-customer')).toBeInTheDocument();
    expect(screen.getByTestId('pos-phone')).toHaveValue('');
  });

  it('adds a customer the counter does not know yet, by name and phone', async () => {
    const { calls } = renderPos((call) => {
      if (call.url.startsWith('/api/customers/lookup')) return { body: { data: null } };
      if (call.url === '/api/customers' && call.method === 'POST')
        return {
          status: 201,
          body: {
            data: {
              ...aminah,
              id: '00000000-0000-4000-8000-0000000000b2',
              name: 'Ravi Kumar',
              phone: '+60198765432',
              tier: null,
              points: 0,
              wallet_balance: 0,
              app_account: false,
            },
          },
        };
      return undefined;
    });
    const dialog = await openCustomerDialog('019 876 5432');
    expect(await within(dialog).findByTestId('pos-customer-not-found', {}, slow)).toHaveTextContent(
      '+60198765432',
    );
    await userEvent.click(within(dialog).getByTestId('pos-customer-add'));
    expect(within(dialog).getByTestId('pos-customer-problem')).toHaveTextContent(
      'This field is required',
    );
    await userEvent.type(within(dialog).getByTestId('pos-customer-name-new'), 'Ravi Kumar{Enter}');
    expect(await findSlowly('pos-cart-customer')).toHaveTextContent('Ravi Kumar');
    expect(calls.find((c) => c.url === '/api/customers')?.body).toEqual({
      name: 'Ravi Kumar',
      phone: '+60198765432',
    });
  });
});

describe('POS: paying with the Kopi wallet', { timeout: 60_000 }, () => {
  it('scans a code, the wallet pays its balance and cash the rest', async () => {
    const { calls, sales } = renderPos((call) =>
      call.url === '/api/wallet-payment-codes/check' ? { body: { data: codeInfo } } : undefined,
    );
    await userEvent.click(await findSlowly('pos-product-KOP-001'));
    const payment = await payWithWallet('KOPIPAY:123456789012');
    expect(await within(payment).findByTestId('pos-wallet-checked', {}, slow)).toHaveTextContent(
      'Siti Aminah',
    );
    expect(within(payment).getByTestId('pos-wallet-balance')).toHaveTextContent('RM 2.00');
    expect(calls.find((c) => c.url === '/api/wallet-payment-codes/check')?.body).toEqual({
      code: '123456789012',
    });
    // RM 2.97 due: the wallet's RM 2.00, taken with Enter, then RM 0.97 in cash.
    expect(within(payment).getByTestId('pos-amount')).toHaveValue('2.00');
    expect(within(payment).getByTestId('pos-payment-problem')).toHaveTextContent('RM 0.97');
    await userEvent.keyboard('{Enter}');
    expect(await within(payment).findByTestId('pos-payment-parts')).toHaveTextContent(
      'Siti Aminah',
    );
    await userEvent.click(within(payment).getByTestId('pos-cash-500'));
    expect(within(payment).getByTestId('pos-change')).toHaveTextContent('RM 4.03');
    await userEvent.click(within(payment).getByTestId('pos-confirm-payment'));
    await findSlowly('pos-receipt-dialog');
    expect(sales()[0]?.body).toMatchObject({
      customer_id: aminahId,
      payments: [
        { method: 'wallet', amount: 200, payment_code: '123456789012' },
        { method: 'cash', amount: 97, tendered: 500 },
      ],
    });
  });

  it('says why a code is refused at the check, and takes a new one', async () => {
    renderPos((call) => {
      if (call.url !== '/api/wallet-payment-codes/check') return undefined;
      return (call.body as { code: string }).code === '111111111111'
        ? { status: 409, body: { code_message: 'payment_code_expired' } }
        : { body: { data: { ...codeInfo, balance: 5000 } } };
    });
    await userEvent.click(await findSlowly('pos-product-KOP-001'));
    const payment = await payWithWallet('1234');
    expect(within(payment).getByTestId('pos-wallet-problem')).toHaveTextContent(
      'A payment code is 12 digits',
    );
    await retype(within(payment).getByTestId('pos-wallet-code'), '1111 1111 1111{Enter}');
    expect(await within(payment).findByTestId('pos-wallet-problem', {}, slow)).toHaveTextContent(
      'expired or was already used',
    );
    await retype(within(payment).getByTestId('pos-wallet-code'), '123456789012{Enter}');
    await within(payment).findByTestId('pos-wallet-checked', {}, slow);
    expect(within(payment).getByTestId('pos-amount')).toHaveValue('2.97');
    expect(within(payment).getByTestId('pos-confirm-payment')).toBeEnabled();
  });

  it('keeps the order when the sale refuses the code, and sends it again with a new one', async () => {
    let refuse = true;
    const { sales } = renderPos((call) => {
      if (call.url === '/api/wallet-payment-codes/check') return { body: { data: codeInfo } };
      if (call.url === '/api/orders' && call.method === 'POST' && refuse) {
        refuse = false;
        return { status: 409, body: { code_message: 'payment_code_expired' } };
      }
      return undefined;
    });
    await userEvent.click(await findSlowly('pos-product-KOP-001'));
    const payment = await payWithWallet('123456789012');
    await within(payment).findByTestId('pos-wallet-checked', {}, slow);
    await userEvent.click(within(payment).getByTestId('pos-add-payment'));
    await userEvent.click(within(payment).getByTestId('pos-cash-exact'));
    await userEvent.click(within(payment).getByTestId('pos-confirm-payment'));

    expect(await within(payment).findByTestId('pos-sale-error', {}, slow)).toHaveTextContent(
      'expired or was already used',
    );
    // The cash stays taken; the wallet waits for a new code.
    expect(within(payment).getByTestId('pos-payment-parts')).toHaveTextContent('Cash');
    await userEvent.type(within(payment).getByTestId('pos-wallet-code'), '123456789013{Enter}');
    await within(payment).findByTestId('pos-wallet-checked', {}, slow);
    expect(within(payment).queryByTestId('pos-sale-error')).toBeNull();
    await userEvent.click(within(payment).getByTestId('pos-confirm-payment'));
    await findSlowly('pos-receipt-dialog');

    const [first, second] = sales();
    expect(second?.body).toMatchObject({
      customer_id: aminahId,
      payments: [
        { method: 'cash', amount: 97, tendered: 97 },
        { method: 'wallet', amount: 200, payment_code: '123456789013' },
      ],
    });
    expect(second?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'));
  });
});
