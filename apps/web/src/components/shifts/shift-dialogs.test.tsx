import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Shift, Till } from '@kopi/contract';
import { emptyCashCount } from '@kopi/contract';
import { formatMoney } from '../../lib/formatters';
import { renderWithProviders } from '../../test/render';
import { addCashMovement, closeShift, openShift } from './api';
import { CashMovementDialog, CloseShiftDialog, OpenShiftDialog } from './shift-dialogs';

vi.mock('./api', () => ({ openShift: vi.fn(), closeShift: vi.fn(), addCashMovement: vi.fn() }));

const money = (sen: number) => formatMoney(sen).replace(/\s/g, ' ');

const till = (id: string, name: string, busy = false): Till => ({
  id,
  outlet_id: 'o1',
  name,
  open_shift: busy
    ? { id: 's0', cashier_id: 'u2', cashier_name: 'Ben', opened_at: '2026-06-10T01:00:00Z' }
    : null,
});

const shift: Shift = {
  id: 's1',
  outlet_id: 'o1',
  outlet_name: 'Kopi KL',
  till_id: 't1',
  till_name: 'Till 1',
  cashier_id: 'u1',
  cashier_name: 'Aminah',
  business_date: '2026-06-10',
  status: 'open',
  opened_at: '2026-06-10T00:00:00Z',
  closed_at: null,
  opening_float: 10_000,
  expected: null,
  counted: null,
  variance: null,
  float_count: { ...emptyCashCount(), note_100: 1 },
  counted_count: null,
  closing_note: null,
  closed_by_name: null,
  tolerance: 500,
  orders: 2,
  sales_total: 2120,
  sales_by_method: [{ method: 'cash', count: 2, amount: 2120 }],
  discounts: 0,
  voids: { count: 0, amount: 0 },
  refunds_by_method: [],
  refunds: 0,
  movements: [],
  topups_by_method: [],
  figures: {
    opening_float: 10_000,
    cash_taken: 2120,
    cash_refunds: 0,
    cash_in: 0,
    cash_out: 1000,
    cash_topups: 0,
    expected: 11_120,
  },
};

beforeEach(() => vi.clearAllMocks());

describe('opening a shift', () => {
  it('picks a free till when there are several and sends the float counted', async () => {
    vi.mocked(openShift).mockResolvedValue(shift);
    const onOpened = vi.fn();
    renderWithProviders(
      <OpenShiftDialog
        open
        required
        tills={[till('t0', 'Till 1', true), till('t2', 'Till 2')]}
        onOpened={onOpened}
      />,
    );
    const dialog = screen.getByTestId('shift-open-dialog');
    expect(dialog).toHaveTextContent('Open a shift before selling');
    expect(screen.getByTestId('shift-open-till')).toHaveValue('t2');
    fireEvent.change(screen.getByTestId('shift-float-note_50'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('shift-float-coin_50'), { target: { value: '4' } });
    expect(screen.getByTestId('shift-float-total')).toHaveTextContent(money(10_200));
    fireEvent.click(screen.getByTestId('shift-open-submit'));
    await waitFor(() => expect(onOpened).toHaveBeenCalledWith(shift));
    expect(openShift).toHaveBeenCalledWith({
      till_id: 't2',
      float: { ...emptyCashCount(), note_50: 2, coin_50: 4 },
    });
  });

  it('says why the server refused', async () => {
    vi.mocked(openShift).mockRejectedValue(new Error('A shift is already open on this till'));
    renderWithProviders(
      <OpenShiftDialog open required={false} tills={[till('t1', 'Till 1')]} onOpened={vi.fn()} />,
    );
    expect(screen.queryByTestId('shift-open-till')).toBeNull();
    fireEvent.click(screen.getByTestId('shift-open-submit'));
    expect(await screen.findByTestId('shift-open-error')).toHaveTextContent('already open');
  });
});

describe('cash in and out', () => {
  it('needs an amount, and a note for "other"', async () => {
    vi.mocked(addCashMovement).mockResolvedValue({} as never);
    const onDone = vi.fn();
    renderWithProviders(
      <CashMovementDialog shiftId="s1" kind="cash_out" onDone={onDone} onClose={vi.fn()} />,
    );
    const submit = screen.getByTestId('shift-movement-submit');
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByTestId('shift-movement-amount'), { target: { value: '50' } });
    expect(submit).toBeEnabled();
    fireEvent.change(screen.getByTestId('shift-movement-reason'), { target: { value: 'other' } });
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByTestId('shift-movement-note'), { target: { value: 'Ice' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(addCashMovement).toHaveBeenCalledWith('s1', {
      kind: 'cash_out',
      reason: 'other',
      amount: 5000,
      note: 'Ice',
    });
  });
});

describe('closing a shift', () => {
  it('shows expected and variance as the drawer is counted, asks a note beyond the tolerance', async () => {
    vi.mocked(closeShift).mockResolvedValue({ ...shift, status: 'closed' });
    const onClosed = vi.fn();
    renderWithProviders(<CloseShiftDialog shift={shift} onClosed={onClosed} onClose={vi.fn()} />);
    expect(screen.getByTestId('shift-close-expected')).toHaveTextContent(money(11_120));
    // RM 100 + RM 10 + RM 1 = 111.00: 0.20 short, within RM 5.00.
    fireEvent.change(screen.getByTestId('shift-count-note_100'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('shift-count-note_10'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('shift-count-note_1'), { target: { value: '1' } });
    const variance = screen.getByTestId('shift-close-variance');
    expect(variance).toHaveAttribute('data-variance', '-20');
    expect(variance).toHaveTextContent('Short');
    expect(screen.queryByTestId('shift-close-note')).toBeNull();
    // Another RM 10: 9.80 over, beyond the tolerance.
    fireEvent.change(screen.getByTestId('shift-count-note_10'), { target: { value: '2' } });
    expect(variance).toHaveAttribute('data-variance', '980');
    const dialog = screen.getByTestId('shift-close-dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('a manager must close it');
    expect(screen.getByTestId('shift-close-submit')).toBeDisabled();
    fireEvent.change(screen.getByTestId('shift-close-note'), { target: { value: 'Tip jar' } });
    fireEvent.click(screen.getByTestId('shift-close-submit'));
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(closeShift).toHaveBeenCalledWith('s1', {
      counted: { ...emptyCashCount(), note_100: 1, note_10: 2, note_1: 1 },
      note: 'Tip jar',
    });
  });
});
