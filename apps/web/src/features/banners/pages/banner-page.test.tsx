import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch, outletFilterAnswer } from '../../../test/fetch-mock';
import { captureToasts } from '../../../test/toasts';
import { renderWithProviders } from '../../../test/render';
import { testBanner } from '../test-banners';
import { BannerPage } from './banner-page';
import { columnTexts, confirmDeleteFromApp } from '../../../test/user-steps';

afterEach(async () => {
  vi.unstubAllGlobals();
  resetToasts();
  await i18n.changeLanguage('en');
});

const list = [
  testBanner('b1', 'Free upsize', { starts_at: '2026-06-01T01:00:00.000Z' }),
  testBanner('b2', 'Merdeka', { state: 'scheduled', image: null }),
];
const withTargets = [
  testBanner('b3', 'Snack time', {
    target_type: 'product',
    target_id: 'p1',
    target_label: 'Curry Puff',
    target_label_my: 'Karipap',
  }),
  testBanner('b4', 'Morning kopi', {
    target_type: 'product',
    target_id: 'p2',
    target_label: 'Kopi O',
    target_label_my: null,
  }),
];

function renderPage(rowsShown = list) {
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/outlets') return outletFilterAnswer();
    if (url.pathname === '/api/banners/preview') return { body: { data: [] } };
    if (url.pathname === '/api/banners' && call.method === 'GET') {
      const state = url.searchParams.get('state');
      const rows = state ? rowsShown.filter((b) => b.state === state) : rowsShown;
      return { body: { data: rows, meta: { page: 1, page_size: 10, total: rows.length } } };
    }
    if (url.pathname === '/api/banners' && call.method === 'POST') {
      return { status: 201, body: { data: testBanner('b9', 'Raya', { image: null }) } };
    }
    if (url.pathname === '/api/banners/b9/image') {
      return { body: { data: testBanner('b9', 'Raya') } };
    }
    if (url.pathname === '/api/banners/reorder') return { body: { data: [...list].reverse() } };
    if (url.pathname === '/api/banners/b1' && call.method === 'DELETE') {
      return { body: { data: { id: 'b1', deleted: true } } };
    }
    return undefined;
  });
  renderWithProviders(<BannerPage />, { can: () => true });
  return calls;
}
const table = () => within(screen.getByTestId('banners-table'));
const titles = () => columnTexts('banners-table', 'banner-title');

describe('banner page', { timeout: 30_000 }, () => {
  it('lists the banners with their schedule on the business clock, and filters by state', async () => {
    const calls = renderPage();
    await waitFor(() => expect(titles()).toEqual(['Free upsize', 'Merdeka']));
    expect(table().getAllByTestId('banner-schedule')[0]).toHaveTextContent('From 2026/06/01 09:00');
    expect(table().getByLabelText('No picture: not shown in the app')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('banner-filter-state'));
    await userEvent.click(await screen.findByRole('option', { name: 'Scheduled' }));
    await waitFor(() => expect(titles()).toEqual(['Merdeka']));
    expect(calls.some((c) => c.url.includes('state=scheduled'))).toBe(true);
  });

  it("names a target product in the screen's language, in English when it has no Malay name", async () => {
    renderPage(withTargets);
    await waitFor(() => expect(titles()).toHaveLength(2));
    const opens = () => table().getAllByTestId('banner-opens');
    expect(opens()[0]).toHaveTextContent('Opens: Product · Curry Puff');
    await act(() => i18n.changeLanguage('my'));
    expect(opens()[0]).toHaveTextContent('Membuka: Produk · Karipap');
    expect(opens()[1]).toHaveTextContent(/· Kopi O$/);
  });

  it('asks before deleting a banner', async () => {
    const calls = renderPage();
    await waitFor(() => expect(titles()).toHaveLength(2));
    await confirmDeleteFromApp('banners-table', 'Free upsize', calls);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('creates a banner, then uploads the picture chosen in the form', async () => {
    const calls = renderPage();
    await waitFor(() => expect(titles()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('banner-add'));
    const drawer = within(screen.getByTestId('banner-drawer'));
    await userEvent.type(drawer.getByLabelText('Title (English)'), 'Raya');
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
      'raya.png',
      { type: 'image/png' },
    );
    await userEvent.upload(drawer.getByTestId('banner-picture-input'), png);
    await waitFor(() => expect(drawer.getByAltText('Picture of Raya')).toBeInTheDocument());
    await userEvent.click(drawer.getByTestId('banner-save'));
    await waitFor(() => expect(screen.queryByTestId('banner-drawer')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.url);
    expect(posts).toEqual(['/api/banners', '/api/banners/b9/image']);
    const upload = calls.find((c) => c.url === '/api/banners/b9/image')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('saves a new app order and says so', async () => {
    const toasts = captureToasts();
    const calls = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Move Merdeka up' }));
    await waitFor(() => expect(toasts.shown()).toContain('success:Banner order saved'));
    expect(calls.find((c) => c.url === '/api/banners/reorder')?.body).toEqual({
      ids: ['b2', 'b1'],
    });
  });
});
