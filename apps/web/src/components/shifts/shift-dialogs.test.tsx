import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Shift, Till } from '@kopi/contract';
import { emptyCashCount } from '@kopi/contract';
import { formatMoney } from '../../lib/formatters';
import { HttpError } from '../../lib/http/http-client';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { testShift } from '../../test/shift';
import { setTestSession } from '../../test/session';
import { addCashMovement, closeShift, openShift } from './api';
import { CloseShiftDialog } from './close-shift-dialog';
import { CashMovementDialog, OpenShiftDialog } from './shift-dialogs';

vi.mock('./api', () => ({ openShift: vi.fn(), closeShift: vi.fn(), addCashMovement: vi.fn() }));

const money = (sen: number) => formatMoney(sen).replace(/\s/g, ' ');

/** The cash movement dialog of shift s1 at outlet o1. */
const renderCashMovement = (
  kind: 'cash_in' | 'cash_out',
  approvalOver: number | null,
  onDone: () => void,
) =>
  renderWithProviders(
    <CashMovementDialog
      shiftId="s1"
      outletId="o1"
      approvalOver={approvalOver}
      kind={kind}
      onDone={onDone}
      onClose={vi.fn()}
    />,
  );

/** Types how many of a note or coin the cashier counted. */
const count = (denomination: string, n: string) =>
  fireEvent.change(screen.getByTestId(`shift-count-${denomination}`), { target: { value: n } });

/** Says why the count is off, and closes. */
const submitWithNote = (note: string) => {
  fireEvent.change(screen.getByTestId('shift-close-note'), { target: { value: note } });
  fireEvent.click(screen.getByTestId('shift-close-submit'));
};

/**
 * Counts RM 200.00 against the RM 111.20 the drawer should hold, and submits: the refusal shows
 * the expected cash and RM 88.80 over, and the count can no longer change.
 */
async function countOverAndSubmit() {
  count('note_100', '2');
  fireEvent.click(screen.getByTestId('shift-close-submit'));
  expect(await screen.findByTestId('shift-close-expected')).toHaveTextContent(money(11_120));
  expect(screen.getByTestId('shift-close-variance')).toHaveAttribute('data-variance', '8880');
  expect(screen.getByTestId('shift-count-note_100')).toBeDisabled();
}

const till = (id: string, name: string, busy = false): Till => ({
  id,
  outlet_id: 'o1',
  name,
  open_shift: busy
    ? { id: 's0', cashier_id: 'u2', cashier_name: 'Ben', opened_at: '2026-06-10T01:00:00Z' }
    : null,
});

const shift = testShift({
  orders: 2,
  sales_total: 2120,
  sales_by_method: [{ method: 'cash', count: 2, amount: 2120 }],
  figures: {
    opening_float: 10_000,
    cash_taken: 2120,
    cash_refunds: 0,
    cash_in: 0,
    cash_out: 1000,
    cash_topups: 0,
    expected: 11_120,
  },
});

beforeEach(() => {
  vi.clearAllMocks();
  setTestSession({ id: 'c' }, { permissions: ['create-shift', 'update-shift'] });
});
afterEach(() => vi.unstubAllGlobals());

const manager = { id: '11111111-1111-4111-8111-111111111111', fullname: 'Farid', locked: false };
/** The manager's PIN typed in the approval dialog the action opened. */
async function approveWithPin(pin: string) {
  const dialog = await screen.findByTestId('pos-approval-dialog');
  await userEvent.type(within(dialog).getByTestId('approval-pin'), pin);
  await userEvent.click(within(dialog).getByTestId('pos-approval-apply'));
}

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
    renderCashMovement('cash_out', null, onDone);
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

  it('says why an amount cannot be moved instead of only disabling Save', () => {
    renderCashMovement('cash_in', null, vi.fn());
    const submit = screen.getByTestId('shift-movement-submit');
    const amount = screen.getByTestId('shift-movement-amount');
    const cases = [
      ['-5', 'The minimum amount is RM 0.01'],
      ['abc', 'Enter a number, e.g. 12.50'],
      ['20.005', 'Enter ringgit with at most 2 decimals, e.g. 12.50'],
    ] as const;
    for (const [typed, why] of cases) {
      fireEvent.change(amount, { target: { value: typed } });
      expect(submit).toBeDisabled();
      expect(screen.getByText(why)).toBeInTheDocument();
    }
  });
});

describe('closing a shift', () => {
  it('shows expected and variance as the drawer is counted, asks a note beyond the tolerance', async () => {
    setTestSession({ id: 'm' }, { permissions: ['create-shift', 'close-variance-shift'] });
    vi.mocked(closeShift).mockResolvedValue({ ...shift, status: 'closed' });
    const onClosed = vi.fn();
    renderWithProviders(<CloseShiftDialog shift={shift} onClosed={onClosed} onClose={vi.fn()} />);
    expect(screen.getByTestId('shift-close-expected')).toHaveTextContent(money(11_120));
    // RM 100 + RM 10 + RM 1 = 111.00: 0.20 short, within RM 5.00.
    count('note_100', '1');
    count('note_10', '1');
    count('note_1', '1');
    const variance = screen.getByTestId('shift-close-variance');
    expect(variance).toHaveAttribute('data-variance', '-20');
    expect(variance).toHaveTextContent('Short');
    expect(screen.queryByTestId('shift-close-note')).toBeNull();
    // Another RM 10: 9.80 over, beyond the tolerance.
    count('note_10', '2');
    expect(variance).toHaveAttribute('data-variance', '980');
    const dialog = screen.getByTestId('shift-close-dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('a manager approves the close');
    expect(screen.getByTestId('shift-close-submit')).toBeDisabled();
    submitWithNote('Tip jar');
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(closeShift).toHaveBeenCalledWith('s1', {
      counted: { ...emptyCashCount(), note_100: 1, note_10: 2, note_1: 1 },
      note: 'Tip jar',
    });
  });

  it('asks a cashier for a manager’s PIN and sends the note with the approval', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/approvers') ? { body: { data: [manager] } } : undefined,
    );
    vi.mocked(closeShift).mockResolvedValue({ ...shift, status: 'closed' });
    const onClosed = vi.fn();
    renderWithProviders(<CloseShiftDialog shift={shift} onClosed={onClosed} onClose={vi.fn()} />);
    // RM 120.00 counted against RM 111.20: 8.80 over, beyond RM 5.00.
    count('note_100', '1');
    count('note_10', '2');
    submitWithNote('Tip jar');
    await approveWithPin('2468');
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    const body = vi.mocked(closeShift).mock.calls[0]![1];
    expect(body).toMatchObject({
      note: 'Tip jar',
      approval: { approver_id: manager.id, pin: '2468' },
    });
  });

  it('drops a refused note and the old error once a recount is within tolerance', async () => {
    vi.mocked(closeShift)
      .mockRejectedValueOnce(new Error('Refused'))
      .mockResolvedValue({ ...shift, status: 'closed' });
    setTestSession({ id: 'm' }, { permissions: ['create-shift', 'close-variance-shift'] });
    const onClosed = vi.fn();
    renderWithProviders(<CloseShiftDialog shift={shift} onClosed={onClosed} onClose={vi.fn()} />);
    count('note_100', '1');
    count('note_10', '2');
    submitWithNote('Tip jar');
    expect(await screen.findByTestId('shift-close-error')).toHaveTextContent('Refused');
    // Recounted: RM 111.00, 0.20 short, within the tolerance.
    count('note_10', '1');
    count('note_1', '1');
    expect(screen.queryByTestId('shift-close-error')).toBeNull();
    fireEvent.click(screen.getByTestId('shift-close-submit'));
    await waitFor(() => expect(onClosed).toHaveBeenCalled());
    expect(vi.mocked(closeShift).mock.calls[1]![1]).toEqual({
      counted: { ...emptyCashCount(), note_100: 1, note_10: 1, note_1: 1 },
    });
  });

  it('hides the expected cash of a blind count until the count is saved', async () => {
    vi.mocked(closeShift).mockRejectedValueOnce(
      new HttpError(400, 'Say why', { code_message: 'shift_variance_note_required' }),
    );
    renderWithProviders(
      <CloseShiftDialog
        shift={{ ...shift, blind_count: true }}
        onClosed={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('shift-close-expected')).toBeNull();
    expect(screen.queryByTestId('shift-close-variance')).toBeNull();
    await countOverAndSubmit();
    expect(screen.getByTestId('shift-close-note')).toBeInTheDocument();
  });
});

describe('closing a shift whose figures the server hides (blind count)', () => {
  // The cashier's open shift as the server answers it: the expected cash is not in it.
  const hidden = {
    ...shift,
    blind_count: true,
    figures: null,
    sales_total: null,
    refunds: null,
    sales_by_method: [],
  };
  const closed: Shift = { ...shift, blind_count: true, status: 'closed', expected: 11_120 };

  it('shows the expected cash the refusal names, then closes with a note and a manager’s PIN', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/approvers') ? { body: { data: [manager] } } : undefined,
    );
    vi.mocked(closeShift)
      .mockRejectedValueOnce(
        new HttpError(400, 'Say why', {
          code_message: 'shift_variance_note_required',
          message: 'Say why',
          details: [
            { path: 'note', message: 'validation.required' },
            { path: 'expected', message: '11120' },
            { path: 'variance', message: '8880' },
          ],
        }),
      )
      .mockResolvedValue(closed);
    const onClosed = vi.fn();
    renderWithProviders(<CloseShiftDialog shift={hidden} onClosed={onClosed} onClose={vi.fn()} />);
    expect(screen.queryByTestId('shift-close-expected')).toBeNull();
    await countOverAndSubmit();
    submitWithNote('Tip jar');
    await approveWithPin('2468');
    await waitFor(() => expect(onClosed).toHaveBeenCalledWith(closed));
    expect(vi.mocked(closeShift).mock.calls[1]![1]).toMatchObject({
      counted: { ...emptyCashCount(), note_100: 2 },
      note: 'Tip jar',
      approval: { approver_id: manager.id, pin: '2468' },
    });
  });

  it('closes a count within the tolerance at once and hands on the close’s full answer', async () => {
    vi.mocked(closeShift).mockResolvedValue(closed);
    const onClosed = vi.fn();
    renderWithProviders(<CloseShiftDialog shift={hidden} onClosed={onClosed} onClose={vi.fn()} />);
    count('note_100', '1');
    fireEvent.click(screen.getByTestId('shift-close-submit'));
    await waitFor(() => expect(onClosed).toHaveBeenCalledWith(closed));
    expect(vi.mocked(closeShift).mock.calls[0]![1]).toEqual({
      counted: { ...emptyCashCount(), note_100: 1 },
    });
    expect(screen.queryByTestId('shift-close-note')).toBeNull();
  });
});

describe('a cash out over the tenant’s limit', () => {
  it('asks a cashier for a manager’s PIN above the limit only', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/approvers') ? { body: { data: [manager] } } : undefined,
    );
    vi.mocked(addCashMovement).mockResolvedValue({} as never);
    const onDone = vi.fn();
    renderCashMovement('cash_out', 5000, onDone);
    fireEvent.change(screen.getByTestId('shift-movement-amount'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('shift-movement-submit'));
    await approveWithPin('2468');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(vi.mocked(addCashMovement).mock.calls[0]![1]).toMatchObject({
      amount: 6000,
      approval: { approver_id: manager.id, pin: '2468' },
    });
  });
});
