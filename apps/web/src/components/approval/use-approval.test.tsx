import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalInput } from '@kopi/contract';
import { http } from '../../lib/http/http';
import { errorAnswer, mockFetch, testOutlets } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { setTestSession } from '../../test/session';
import { useApproval } from './use-approval';
import { retype } from '../../test/user-steps';

// A till action asks for a manager's PIN only when the user lacks its permission; the dialog
// re-sends the action with the approval and stays open with the server's message on a wrong PIN.

const managers = [
  { id: '11111111-1111-4111-8111-111111111111', fullname: 'Farid Manager', locked: false },
  { id: '22222222-2222-4222-8222-222222222222', fullname: 'Locked Lim', locked: true },
];

function NoSale({ run }: { run: (approval?: ApprovalInput) => Promise<string> }) {
  const { withApproval, dialog } = useApproval();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        onClick={() =>
          void withApproval({ action: 'no_sale', outletId: testOutlets.kl }, run).then((a) =>
            setAnswer(a ?? 'cancelled'),
          )
        }
      >
        Open drawer
      </button>
      <output data-testid="answer">{answer}</output>
      {dialog}
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useApproval', () => {
  it('runs the action at once for whoever holds its permission', async () => {
    setTestSession({ id: 'm' }, { permissions: ['close-variance-shift'] });
    const run = vi.fn(async () => 'opened');
    renderWithProviders(<NoSale run={run} />);
    await userEvent.click(screen.getByText('Open drawer'));
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('opened'));
    expect(run).toHaveBeenCalledWith(undefined);
  });

  it('asks a PIN, shows a wrong one and approves with the right one', async () => {
    setTestSession({ id: 'c' }, { permissions: ['create-pos'] });
    mockFetch((call) => {
      if (call.url.startsWith('/api/approvers')) return { body: { data: managers } };
      if (call.url === '/api/drawer') {
        const { pin } = (call.body as { approval: ApprovalInput }).approval;
        return pin === '2468'
          ? { body: { data: 'opened' } }
          : errorAnswer(403, 'pin_wrong', 'Wrong PIN');
      }
      return undefined;
    });
    const sent: ApprovalInput[] = [];
    const run = async (approval?: ApprovalInput) => {
      sent.push(approval!);
      return http.post<string>('/drawer', { approval }, { errorToast: 'silent' });
    };
    renderWithProviders(<NoSale run={run} />);
    await userEvent.click(screen.getByText('Open drawer'));
    const dialog = await screen.findByTestId('pos-approval-dialog');
    // The only unlocked manager is chosen; the locked one cannot be.
    await userEvent.type(within(dialog).getByTestId('approval-pin'), '12a34');
    expect(within(dialog).getByTestId('approval-pin')).toHaveValue('1234');
    await userEvent.click(within(dialog).getByTestId('pos-approval-apply'));
    expect(await within(dialog).findByTestId('approval-error')).toHaveTextContent('Wrong PIN');
    await retype(within(dialog).getByTestId('approval-pin'), '2468');
    await userEvent.click(within(dialog).getByTestId('pos-approval-apply'));
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('opened'));
    expect(screen.queryByTestId('pos-approval-dialog')).not.toBeInTheDocument();
    expect(sent.map((a) => [a.approver_id, a.pin])).toEqual([
      [managers[0]!.id, '1234'],
      [managers[0]!.id, '2468'],
    ]);
    // The same device id both times, as the server counts failures per device.
    expect(sent[0]!.device_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.device_id).toBe(sent[0]!.device_id);
  });

  it('settles with nothing when the cashier cancels', async () => {
    setTestSession({ id: 'c' }, { permissions: ['create-pos'] });
    mockFetch((call) =>
      call.url.startsWith('/api/approvers') ? { body: { data: [] } } : undefined,
    );
    const run = vi.fn(async () => 'opened');
    renderWithProviders(<NoSale run={run} />);
    await userEvent.click(screen.getByText('Open drawer'));
    const dialog = await screen.findByTestId('pos-approval-dialog');
    expect(await within(dialog).findByText(/No manager here has a PIN yet/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('cancelled'));
    expect(run).not.toHaveBeenCalled();
  });

  it('keeps Cancel (and Escape) waiting while the approved request is on its way', async () => {
    setTestSession({ id: 'c' }, { permissions: ['create-pos'] });
    mockFetch((call) =>
      call.url.startsWith('/api/approvers') ? { body: { data: managers } } : undefined,
    );
    let answer: (value: string) => void = () => {};
    const run = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    renderWithProviders(<NoSale run={run} />);
    await userEvent.click(screen.getByText('Open drawer'));
    const dialog = await screen.findByTestId('pos-approval-dialog');
    await userEvent.type(within(dialog).getByTestId('approval-pin'), '2468');
    await userEvent.click(within(dialog).getByTestId('pos-approval-apply'));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(within(dialog).getByText('Cancel').closest('button')).toBeDisabled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByTestId('pos-approval-dialog')).toBeInTheDocument();
    expect(screen.getByTestId('answer')).toHaveTextContent('none');
    // The answer comes: it is the action's, not a cancel.
    answer('opened');
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('opened'));
  });
});
