import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentText, ContentTextHistoryEntry } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ContentTextPage } from './content-text-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  resetToasts();
  await i18n.changeLanguage('en');
});

const platformMy = '# Terma Penggunaan\n\nBersikap baik.';
const terms: ContentText = {
  key: 'terms',
  description: 'Terms of use',
  description_my: 'Terma penggunaan',
  format: 'markdown',
  text_en: '# Terms of Use',
  text_my: '# Terma Kopi Demo',
  default_en: '# Terms of Use',
  default_my: platformMy,
  override_en: null,
  override_my: '# Terma Kopi Demo',
  overridden: true,
  updated_at: '2026-06-10T04:00:00.000Z',
  updated_by: 'marketing',
};
const notice: ContentText = {
  ...terms,
  key: 'order_notice',
  description: 'Notice on the order screen',
  description_my: '',
  format: 'plain',
  text_en: 'Made fresh',
  text_my: '',
  default_en: 'Made fresh',
  default_my: '',
  override_my: null,
  overridden: false,
  updated_at: null,
  updated_by: null,
};
const historyEntry: ContentTextHistoryEntry = {
  id: 'h1',
  action: 'override',
  actor: 'marketing',
  at: '2026-06-10T04:00:00.000Z',
  changes: [{ field: 'text_my', before: platformMy, after: '# Terma Kopi Demo' }],
};

const marketing = (action: string, subject: string) =>
  subject === 'banner' || (subject === 'content-text' && ['read', 'update'].includes(action));
const bannerReader = (action: string, subject: string) => action === 'read' && subject === 'banner';

function setup(can = marketing) {
  let reset = false;
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/content-texts' && call.method === 'GET') {
      const rows = [reset ? { ...terms, text_my: platformMy, overridden: false } : terms, notice];
      return { body: { data: rows, meta: { page: 1, page_size: 25, total: rows.length } } };
    }
    if (url.pathname === '/api/content-texts/terms/reset' && call.method === 'POST') {
      reset = true;
      return { body: { data: { ...terms, text_my: platformMy, overridden: false } } };
    }
    if (url.pathname === '/api/content-texts/terms/history') {
      return { body: { data: [historyEntry], meta: { page: 1, page_size: 10, total: 1 } } };
    }
    return undefined;
  });
  renderWithProviders(<ContentTextPage />, { can });
  return calls;
}

const row = async (key: string) => within(await screen.findByTestId(`content-text-row-${key}`));

describe('content text page', { timeout: 30_000 }, () => {
  it("lists each text's English and Malay wording, whose it is, and when Malay falls back", async () => {
    setup();
    const terms = await row('terms');
    expect(terms.getByTestId('content-text-my')).toHaveTextContent('# Terma Kopi Demo');
    expect(terms.getByTestId('content-text-state')).toHaveTextContent('Your wording');
    expect(terms.getByText(/Changed by marketing/)).toBeInTheDocument();
    const noticeRow = await row('order_notice');
    expect(noticeRow.getByTestId('content-text-state')).toHaveTextContent('Platform default');
    expect(noticeRow.getByTestId('content-text-my')).toHaveTextContent('Shown in English');
    // Only texts with the tenant's own wording can be reset.
    expect(noticeRow.queryByRole('button', { name: 'Reset order_notice to default' })).toBeNull();
  });

  it('describes each text in Malay on a Malay screen, in English where it has no Malay description', async () => {
    setup();
    const description = async (key: string) =>
      (await row(key)).getByTestId('content-text-description');
    expect(await description('terms')).toHaveTextContent('Terms of use');
    await act(() => i18n.changeLanguage('my'));
    expect(await description('terms')).toHaveTextContent('Terma penggunaan');
    expect(await description('order_notice')).toHaveTextContent('Notice on the order screen');
  });

  it('resets to the default only after confirming, then shows the platform wording', async () => {
    const calls = setup();
    const terms = await row('terms');
    await userEvent.click(terms.getByRole('button', { name: 'Reset terms to default' }));
    const dialog = within(await screen.findByTestId('confirm-dialog'));
    expect(dialog.getByText(/will show the platform's wording again/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/reset'))).toBe(false);

    await userEvent.click(terms.getByRole('button', { name: 'Reset terms to default' }));
    await userEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', {
        name: 'Reset to default',
      }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/api/content-texts/terms/reset'))).toHaveLength(1),
    );
    await waitFor(async () =>
      expect((await row('terms')).getByTestId('content-text-state')).toHaveTextContent(
        'Platform default',
      ),
    );
  });

  it('shows who changed a text and from what to what', async () => {
    setup();
    await userEvent.click((await row('terms')).getByRole('button', { name: 'History of terms' }));
    const entry = within(await screen.findByTestId('text-history-entry'));
    expect(entry.getByText('Wording changed')).toBeInTheDocument();
    expect(entry.getByText(/marketing ·/)).toBeInTheDocument();
    expect(entry.getByText('Melayu')).toBeInTheDocument();
    // Each side whole, the words that changed marked: what went struck out, what came in added.
    const sides = screen.getByTestId('text-history-entry');
    expect(sides).toHaveTextContent(/# Terma Penggunaan\s+Bersikap baik\./);
    expect(sides).toHaveTextContent('# Terma Kopi Demo');
    expect(sides.querySelector('del')).toHaveTextContent(/^Penggunaan\s+Bersikap baik\.$/);
    expect(sides.querySelector('ins')).toHaveTextContent(/^Kopi Demo$/);
    expect(sides.querySelectorAll('del, ins')).toHaveLength(2);
  });

  it('lets a banner reader read texts and their history, but not edit or reset them', async () => {
    setup(bannerReader);
    const terms = await row('terms');
    expect(terms.queryByRole('button', { name: 'Edit terms' })).toBeNull();
    expect(terms.queryByRole('button', { name: 'Reset terms to default' })).toBeNull();
    expect(terms.getByRole('button', { name: 'History of terms' })).toBeInTheDocument();
  });
});
