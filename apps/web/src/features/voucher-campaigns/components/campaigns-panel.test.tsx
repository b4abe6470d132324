import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VoucherCampaign } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { testCampaign, testJob } from '../test-campaigns';
import { CampaignsPanel } from '../index';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const list = [
  testCampaign('c-draft', 'Draft one'),
  testCampaign('c-scheduled', 'Scheduled one', { status: 'scheduled' }),
  testCampaign('c-ongoing', 'Ongoing one', {
    status: 'ongoing',
    issued_count: 40,
    job: testJob({ status: 'running', done: 40, total: 100 }),
  }),
  testCampaign('c-paused', 'Paused one', {
    status: 'paused',
    issued_count: 30,
    job: testJob({ status: 'done', done: 31, total: 100 }),
  }),
  testCampaign('c-ended', 'Ended one', {
    status: 'ended',
    issued_count: 100,
    job: testJob({ status: 'done', done: 100, total: 100 }),
  }),
];

/** The answers of GET /api/voucher-campaigns/c-ongoing, one a poll (the last one repeats). */
function renderPanel(
  polls: VoucherCampaign[] = [],
  can: (action: string, subject: string) => boolean = () => true,
) {
  let polled = 0;
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/voucher-campaigns' && call.method === 'GET') {
      const status = url.searchParams.get('status');
      const q = url.searchParams.get('q');
      const rows = list
        .filter((c) => !status || c.status === status)
        .filter((c) => !q || c.name_en.toLowerCase().includes(q.toLowerCase()));
      return { body: { data: rows, meta: { page: 1, page_size: 10, total: rows.length } } };
    }
    if (url.pathname === '/api/voucher-campaigns/c-ongoing' && call.method === 'GET') {
      const answer = polls[Math.min(polled++, polls.length - 1)] ?? list[2];
      return { body: { data: answer } };
    }
    if (url.pathname.endsWith('/status') && call.method === 'POST') {
      return { body: { data: list[0] } };
    }
    if (call.method === 'DELETE') return { body: { data: { id: 'c-draft', deleted: true } } };
    return undefined;
  });
  renderWithProviders(<CampaignsPanel />, { can });
  return calls;
}
const table = () => within(screen.getByTestId('campaigns-table'));
const rowOf = (name: string) =>
  within(
    table()
      .getAllByTestId('campaign-row')
      .find((r) => within(r).queryByText(name))!,
  );
const buttonsOf = (name: string) =>
  rowOf(name)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent);

describe('campaigns panel', { timeout: 30_000 }, () => {
  it('offers per status the moves the status rule allows, edit while nothing is issued, delete of a draft', async () => {
    renderPanel();
    await waitFor(() => expect(table().getAllByTestId('campaign-row')).toHaveLength(5));
    expect(buttonsOf('Draft one')).toEqual([
      'Schedule: Draft one',
      'End now: Draft one',
      'Edit Draft one',
      'Delete Draft one',
    ]);
    expect(buttonsOf('Scheduled one')).toEqual([
      'Back to draft: Scheduled one',
      'End now: Scheduled one',
      'Edit Scheduled one',
    ]);
    expect(buttonsOf('Ongoing one')).toEqual(['Pause: Ongoing one', 'End now: Ongoing one']);
    expect(buttonsOf('Paused one')).toEqual(['Resume: Paused one', 'End now: Paused one']);
    expect(buttonsOf('Ended one')).toEqual([]);
    expect(screen.getByTestId('campaign-add')).toBeInTheDocument();
  });

  it('asks before a move and sends it', async () => {
    const calls = renderPanel();
    await waitFor(() => expect(table().getAllByTestId('campaign-row')).toHaveLength(5));
    await userEvent.click(rowOf('Paused one').getByRole('button', { name: 'Resume: Paused one' }));
    const dialog = within(screen.getByTestId('confirm-dialog'));
    expect(dialog.getByText('Resume this campaign?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(dialog.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/voucher-campaigns/c-paused/status');
    expect(post.body).toEqual({ move: 'resume' });
  });

  it('asks before deleting a draft', async () => {
    const calls = renderPanel();
    await waitFor(() => expect(table().getAllByTestId('campaign-row')).toHaveLength(5));
    await userEvent.click(rowOf('Draft one').getByRole('button', { name: 'Delete Draft one' }));
    const dialog = within(screen.getByTestId('confirm-dialog'));
    expect(dialog.getByText('Delete this campaign?')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete Draft one' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/voucher-campaigns/c-draft');
  });

  it('hides moves, edit and delete from a user who may only read', async () => {
    renderPanel([], (action) => action === 'read');
    await waitFor(() => expect(table().getAllByTestId('campaign-row')).toHaveLength(5));
    expect(table().queryAllByRole('button', { name: /: |^Edit |^Delete / })).toHaveLength(0);
    expect(screen.queryByTestId('campaign-add')).toBeNull();
  });

  it('shows the codes issued of the total, asked again every few seconds until the job is done', async () => {
    const calls = renderPanel([
      { ...list[2]!, issued_count: 70, job: testJob({ status: 'running', done: 70 }) },
      { ...list[2]!, issued_count: 100, job: testJob({ status: 'done', done: 100 }) },
    ]);
    await waitFor(() => expect(table().getAllByTestId('campaign-row')).toHaveLength(5));
    const progress = () => rowOf('Ongoing one').getByTestId('campaign-progress');
    expect(progress()).toHaveTextContent('Issuing codes: 40 of 100');
    expect(rowOf('Ongoing one').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await waitFor(() => expect(progress()).toHaveTextContent('Issuing codes: 70 of 100'), {
      timeout: 8000,
    });
    await waitFor(() => expect(progress()).toHaveTextContent('100 of 100 codes issued'), {
      timeout: 8000,
    });
    const polls = () => calls.filter((c) => c.url === '/api/voucher-campaigns/c-ongoing').length;
    expect(polls()).toBe(2);
    // Done: no more polls.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(polls()).toBe(2);
    // A job stopped by a pause, and a campaign not live yet, say so; only the running one polls.
    expect(rowOf('Paused one').getByTestId('campaign-progress')).toHaveTextContent(
      'Issuing stopped: 30 of 100 codes issued',
    );
    expect(rowOf('Draft one').getByTestId('campaign-progress')).toHaveTextContent(
      'Nothing issued yet',
    );
    expect(calls.some((c) => c.url === '/api/voucher-campaigns/c-paused')).toBe(false);
  });

  it('filters by status through the API, and says when nothing matches', async () => {
    const calls = renderPanel();
    await waitFor(() => expect(table().getAllByTestId('campaign-row')).toHaveLength(5));
    await userEvent.click(screen.getByTestId('campaign-filter-status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Paused' }));
    await waitFor(() => expect(table().getAllByTestId('campaign-row')).toHaveLength(1));
    expect(calls.some((c) => c.url.includes('status=paused'))).toBe(true);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zzz');
    expect(
      await screen.findByText('No campaigns match this search or these filters.'),
    ).toBeInTheDocument();
  });
});
