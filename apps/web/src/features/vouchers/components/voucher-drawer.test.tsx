import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Voucher } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, outletFilterAnswer, testOutlets } from '../../../test/fetch-mock';
import { HttpError } from '../../../lib/http/http-client';
import { renderFormDrawer } from '../../../test/render-drawer';
import { testVoucher } from '../test-vouchers';
import { VoucherDrawer } from './voucher-drawer';
import { retype, retypeDateTime } from '../../../test/user-steps';

afterEach(() => vi.unstubAllGlobals());

const latte = { id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Iced Latte', name_my: null };

function renderDrawer(
  voucher: Voucher | null = null,
  answer: () => Promise<void> = () => Promise.resolve(),
) {
  mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/outlets') return outletFilterAnswer();
    if (url.pathname === '/api/categories') return { body: { data: [] } };
    if (url.pathname === '/api/products') {
      return { body: { data: [{ ...latte, sku: 'LAT-01' }] } };
    }
    if (url.pathname === `/api/products/${latte.id}`) {
      return { body: { data: { ...latte, sku: 'LAT-01' } } };
    }
    return undefined;
  });
  return renderFormDrawer(
    'voucher',
    (form) => <VoucherDrawer {...form} voucher={voucher} timeZone="Asia/Kuala_Lumpur" />,
    answer,
  );
}

// Typing a whole voucher is many keystrokes: slow on a busy 2-core machine.
describe('voucher drawer', { timeout: 40_000 }, () => {
  it('refuses a shared voucher without a code, a percentage over 100 and an end before its start, saying why', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await userEvent.type(drawer.getByLabelText(/Name \(English\)/), 'Too generous');
    // A code typed and then erased is no code at all, not a malformed one.
    await userEvent.type(drawer.getByTestId('voucher-code'), 'X');
    await userEvent.clear(drawer.getByTestId('voucher-code'));
    await retype(drawer.getByLabelText('Discount'), '150');
    await retypeDateTime('voucher-from', '2026/06/10', '10:00');
    await retypeDateTime('voucher-until', '2026/06/10', '09:00');
    await save();
    expect(await drawer.findByText('Maximal value is 100%')).toBeInTheDocument();
    expect(drawer.getByText('This field is required')).toBeInTheDocument();
    expect(drawer.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(drawer.getByTestId('voucher-until-error')).toHaveTextContent(
      'The end must be after the start',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a percentage as basis points, money as sen, and the window on the business clock', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await userEvent.type(drawer.getByLabelText(/Name \(English\)/), 'Dine-in 20%');
    await userEvent.type(drawer.getByTestId('voucher-code'), 'dine-20');
    await retype(drawer.getByLabelText('Discount'), '12.5');
    await userEvent.type(drawer.getByTestId('voucher-max-discount'), '5');
    await retype(drawer.getByTestId('voucher-min-spend'), '15.50');
    await retypeDateTime('voucher-from', '2026/06/10', '09:30');
    await retypeDateTime('voucher-until', '2026/06/30', '22:00');
    await userEvent.click(drawer.getByRole('button', { name: 'Friday' }));
    await userEvent.click(drawer.getByRole('button', { name: 'Monday' }));
    await userEvent.type(drawer.getByTestId('voucher-hours-from'), '14:00');
    await userEvent.type(drawer.getByTestId('voucher-hours-until'), '17:00');
    await userEvent.type(drawer.getByLabelText('Total redemptions'), '100');
    await userEvent.click(await drawer.findByRole('checkbox', { name: 'Penang' }));
    await userEvent.click(drawer.getByRole('checkbox', { name: 'Dine in' }));
    await userEvent.click(drawer.getByTestId('voucher-requires-customer'));
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name_en: 'Dine-in 20%',
      code_kind: 'shared',
      code: 'DINE-20',
      type: 'percent',
      // 12.5% is 1250 basis points; RM 5 and RM 15.50 are 500 and 1550 sen.
      value: 1250,
      max_discount: 500,
      min_spend: 1550,
      // 09:30 and 22:00 in Kuala Lumpur (UTC+8).
      valid_from: '2026-06-10T01:30:00.000Z',
      valid_until: '2026-06-30T14:00:00.000Z',
      // Monday is 1 and Friday 5, in order whatever order they were pressed.
      days_of_week: [1, 5],
      hours_from: '14:00',
      hours_until: '17:00',
      total_limit: 100,
      per_customer_limit: null,
      outlet_ids: [testOutlets.pg],
      serving_methods: ['dine_in'],
      requires_customer: true,
      status: 'active',
    });
  });

  it('edits a free-item voucher with unique codes as saved: its product named, its code kind fixed', async () => {
    const voucher = testVoucher('v3', 'Free latte', {
      code_kind: 'unique',
      code: null,
      type: 'free_item',
      value: 0,
      max_discount: null,
      free_item_kind: 'product',
      free_item_id: latte.id,
      min_spend: 0,
    });
    const { drawer, save, onSubmit } = renderDrawer(voucher);
    await waitFor(() =>
      expect(drawer.getByTestId('voucher-free-product')).toHaveValue('Iced Latte · LAT-01'),
    );
    expect(drawer.queryByTestId('voucher-code')).toBeNull();
    expect(drawer.queryByLabelText('Per customer')).toBeNull();
    expect(drawer.getByText('Cannot change once the voucher is created.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      code_kind: 'unique',
      code: null,
      type: 'free_item',
      value: 0,
      free_item_kind: 'product',
      free_item_id: latte.id,
      valid_from: '2026-01-01T00:00:00.000Z',
    });
  });

  it('shows a code another voucher uses on the code field', async () => {
    const taken = new HttpError(409, 'Another voucher already uses this code', {
      code_message: 'voucher_code_taken',
      message: 'Another voucher already uses this code',
    });
    const { drawer, save, onSubmit } = renderDrawer(testVoucher('v1', 'Dine-in 20%'), () =>
      Promise.reject(taken),
    );
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(await drawer.findByText('Another voucher already uses this code')).toBeInTheDocument();
    expect(drawer.getByTestId('voucher-code')).toHaveAttribute('aria-invalid', 'true');
  });
});
