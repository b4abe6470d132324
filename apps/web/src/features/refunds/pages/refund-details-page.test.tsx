import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Refund } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { fakeLive } from '../../../test/live-socket';
import { renderWithProviders } from '../../../test/render';
import { sampleRefund } from '../refund-fixture';
import { RefundDetailsPage } from './refund-details-page';

// The page listens to the session's live socket; the test stands in for it.
vi.mock('../../../lib/session/session-runtime', () =>
  import('../../../test/live-socket').then((m) => m.fakeSessionRuntime),
);

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const finance = (action: string, subject: string) =>
  (action === 'read' && subject === 'order') ||
  (action === 'approve' && subject === 'refund') ||
  (action === 'transfer' && subject === 'refund');
const cashier = (action: string, subject: string) =>
  (action === 'read' || action === 'create') && subject === 'order';

function renderDetails(refund: Refund, can = finance, status = 200, proofType = 'image/webp') {
  const calls = mockFetch((call) => {
    if (call.url === `/api/refunds/${refund.id}`)
      return status === 200
        ? { body: { data: refund } }
        : { status, body: { code_message: 'not_found' } };
    if (call.url === `/api/refunds/${refund.id}/status`) {
      const { status: to } = call.body as { status: Refund['status'] };
      return { body: { data: { ...refund, status: to, allowed_statuses: [] } } };
    }
    if (call.url.startsWith('/api/refunds/r1/proof'))
      return { body: 'proof-bytes', headers: { 'content-type': proofType } };
    if (call.url === `/api/refunds/${refund.id}/proof`)
      return { body: { data: { ...refund, proof_url: '/uploads/proof.png' } } };
    return undefined;
  });
  const { unmount } = renderWithProviders(<RefundDetailsPage />, {
    route: `/refund/details/${refund.id}`,
    path: '/refund/details/:id',
    can,
  });
  return { calls, posts: () => calls.filter((c) => c.method === 'POST'), unmount };
}

/** The account as finance sees it: whole. */
const shownBank = {
  bank_code: 'MBB',
  bank_name: 'Maybank',
  account_holder: 'Tan Mei Ling',
  account_number: '1234567890',
  masked: false,
} as const;

/** A transferred bank refund with a private proof, its browser copy at `blob:proof`. */
function transferredWithProof() {
  Object.assign(URL, { createObjectURL: () => 'blob:proof', revokeObjectURL: () => undefined });
  return sampleRefund({
    method: 'bank_transfer',
    status: 'TRANSFERED',
    bank: shownBank,
    proof_url: '/api/refunds/r1/proof?v=abc',
  });
}

const png = () =>
  new File(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
    'proof.png',
    {
      type: 'image/png',
    },
  );

describe('refund details', () => {
  it('shows a not-found state for an unknown refund', async () => {
    renderDetails(sampleRefund(), finance, 404);
    expect(await screen.findByTestId('refund-not-found')).toHaveTextContent('Refund not found');
  });

  it('shows the refund, its order, items and history', async () => {
    renderDetails(sampleRefund());
    await screen.findByTestId('refund-details');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Refund RF-KL01-000123');
    expect(screen.getByTestId('refund-amount')).toHaveTextContent('RM 15.00');
    expect(screen.getByTestId('refund-method')).toHaveTextContent('Original payment method');
    expect(screen.getByTestId('refund-reason')).toHaveTextContent('Quality issue');
    expect(within(screen.getByTestId('refund-order')).getByRole('link')).toHaveAttribute(
      'href',
      `/order/details/${sampleRefund().order_id}`,
    );
    expect(screen.getByTestId('refund-items')).toHaveTextContent('Croissant');
    expect(screen.getAllByTestId('refund-timeline-entry')[0]).toHaveTextContent('Refund requested');
    expect(screen.queryByTestId('refund-provider-payout')).toBeNull();
  });

  it('reloads when the refund moves elsewhere, not for other refunds', async () => {
    const refund = sampleRefund();
    const { calls } = renderDetails(refund);
    await screen.findByTestId('refund-details');
    const loads = () => calls.filter((c) => c.url === `/api/refunds/${refund.id}`).length;
    const event = (id: string) => ({
      event_id: 1,
      type: 'refund.status',
      message: { id_order: refund.order_id, id_refund: id, status: 'APPROVED' },
    });
    fakeLive.emit(event('another-refund'));
    fakeLive.emit(event(refund.id));
    await waitFor(() => expect(loads()).toBe(2));
  });

  it('shows the private proof from a copy fetched with the session', async () => {
    const refund = transferredWithProof();
    const { calls } = renderDetails(refund);
    const image = await screen.findByAltText('Proof of transfer of refund RF-KL01-000123');
    expect(image).toHaveAttribute('src', 'blob:proof');
    const fetched = calls.find((c) => c.url.startsWith('/api/refunds/r1/proof'));
    expect(fetched?.url).toBe('/api/refunds/r1/proof?v=abc');
    expect(fetched?.method).toBe('GET');
  });

  it('offers a PDF proof as a file to open, not a picture', async () => {
    const refund = transferredWithProof();
    renderDetails(refund, finance, 200, 'application/pdf');
    const link = await screen.findByRole('link', {
      name: 'Proof of transfer of refund RF-KL01-000123 (PDF)',
    });
    expect(link).toHaveAttribute('href', 'blob:proof');
    expect(link).toHaveAttribute(
      'download',
      'Proof of transfer of refund RF-KL01-000123 (PDF).pdf',
    );
    expect(screen.queryByAltText('Proof of transfer of refund RF-KL01-000123')).toBeNull();
  });

  it('says when the payment provider is paying it back, and offers no completion meanwhile', async () => {
    renderDetails(
      sampleRefund({ status: 'APPROVED', provider_payout: 'pending', allowed_statuses: [] }),
    );
    expect(await screen.findByTestId('refund-provider-payout')).toHaveTextContent(
      'Asked to pay it back; completes when it confirms',
    );
    expect(screen.queryByTestId('refund-action-complete')).toBeNull();
  });

  it('offers approve and reject to finance, nothing to the cashier', async () => {
    renderDetails(sampleRefund(), cashier);
    await screen.findByTestId('refund-details');
    expect(screen.queryByTestId('refund-action-approve')).toBeNull();
    expect(screen.queryByTestId('refund-action-reject')).toBeNull();
  });

  it('approves only once asked, naming the amount', async () => {
    const { posts } = renderDetails(sampleRefund());
    await userEvent.click(await screen.findByTestId('refund-action-approve'));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Approve refund RF-KL01-000123?');
    // The sample's 1,500 sen, as the screen writes ringgit.
    expect(dialog).toHaveTextContent(/RM\s15\.00 may then be paid back/);
    expect(posts()).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(posts()[0]?.body).toEqual({ status: 'APPROVED' }));
  });

  it('rejects only with a reason', async () => {
    const { posts } = renderDetails(sampleRefund());
    await userEvent.click(await screen.findByTestId('refund-action-reject'));
    const dialog = screen.getByTestId('confirm-dialog');
    await userEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    expect(dialog).toHaveTextContent('Give a reason for rejecting.');
    expect(posts()).toHaveLength(0);
    await userEvent.type(screen.getByTestId('refund-reject-reason'), 'Not our order');
    await userEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() =>
      expect(posts()[0]?.body).toEqual({ status: 'REJECTED', reason: 'Not our order' }),
    );
  });

  it('records a transfer with its reference after uploading the proof', async () => {
    const refund = sampleRefund({
      status: 'WAITING TRANSFER',
      method: 'bank_transfer',
      payment_method: null,
      allowed_statuses: ['TRANSFERED'],
      bank: {
        bank_code: 'MBB',
        bank_name: 'Maybank',
        account_holder: 'Aisyah Rahman',
        account_number: '1122334455',
        masked: false,
      },
    });
    const { posts } = renderDetails(refund);
    await userEvent.click(await screen.findByTestId('refund-action-transferred'));
    const dialog = screen.getByTestId('confirm-dialog');
    await userEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    expect(dialog).toHaveTextContent('Enter the bank’s reference.');
    expect(dialog).toHaveTextContent('Attach the proof of transfer.');
    expect(posts()).toHaveLength(0);
    await userEvent.type(screen.getByTestId('refund-transfer-reference'), 'MBB-778899');
    await userEvent.upload(screen.getByTestId('refund-proof-input'), png());
    await userEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[0]?.url).toBe(`/api/refunds/${refund.id}/proof`);
    expect((posts()[0]?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(posts()[1]?.body).toEqual({ status: 'TRANSFERED', transfer_reference: 'MBB-778899' });
  });

  it('shows a masked account number as the server sends it', async () => {
    renderDetails(
      sampleRefund({
        method: 'bank_transfer',
        bank: {
          bank_code: 'CIMB',
          bank_name: 'CIMB Bank',
          account_holder: 'Aisyah Rahman',
          account_number: '••••4455',
          masked: true,
        },
      }),
      cashier,
    );
    expect(await screen.findByTestId('refund-account-number')).toHaveTextContent('••••4455');
    expect(screen.getByTestId('refund-bank')).toHaveTextContent('Shown masked');
  });

  it('prints an 80 mm slip', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderDetails(sampleRefund());
    await userEvent.click(await screen.findByTestId('refund-print-slip'));
    const slip = await screen.findByTestId('refund-slip');
    expect(slip).toHaveTextContent('REFUND SLIP');
    expect(slip).toHaveTextContent('RF-KL01-000123');
    expect(slip).toHaveTextContent(/REFUND\s*RM 15\.00/);
    // Who the slip is from, as the order's receipt says it.
    expect(slip).toHaveTextContent('Kopi HQ Sdn. Bhd.');
    expect(slip).toHaveTextContent('BRN: 202301012345');
    expect(slip).toHaveTextContent('SST Reg. No: W10-1808-32000123');
    expect(slip).toHaveTextContent('Kopi HQ Bukit Bintang (KL01)');
    await waitFor(() => expect(print).toHaveBeenCalled());
  });

  it('says who rejected a rejected refund, and offers no slip to sign for it', async () => {
    renderDetails(
      sampleRefund({ status: 'REJECTED', approved_by: 'Farah Finance', allowed_statuses: [] }),
    );
    const details = await screen.findByTestId('refund-details');
    expect(details).toHaveTextContent('Rejected byFarah Finance');
    expect(details).not.toHaveTextContent('Approved by');
    expect(screen.queryByTestId('refund-print-slip')).toBeNull();
  });

  it('offers no slip for a refund closed without being paid, and one for a paid one', async () => {
    const closed = sampleRefund({ status: 'CLOSED', completed_at: null, allowed_statuses: [] });
    const { unmount } = renderDetails(closed);
    await screen.findByTestId('refund-details');
    expect(screen.queryByTestId('refund-print-slip')).toBeNull();
    unmount();
    renderDetails({ ...closed, completed_at: '2026-06-10T04:00:00.000Z' });
    expect(await screen.findByTestId('refund-print-slip')).toBeInTheDocument();
  });

  it('says who approved an approved refund', async () => {
    renderDetails(sampleRefund({ status: 'APPROVED', approved_by: 'Farah Finance' }));
    expect(await screen.findByTestId('refund-details')).toHaveTextContent(
      'Approved byFarah Finance',
    );
  });
});
