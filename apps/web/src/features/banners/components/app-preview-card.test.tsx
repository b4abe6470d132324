import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { mockFetch, testOutlets } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { appBanner } from '../test-banners';
import { AppPreviewCard } from './app-preview-card';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const outlets = [
  { id: testOutlets.kl, name: 'Kuala Lumpur' },
  { id: testOutlets.pg, name: 'Penang' },
];

/** The server's preview: two banners everywhere, a third at Penang; titles in the app language. */
function renderCard() {
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname !== '/api/banners/preview') return undefined;
    const my = url.searchParams.get('lang') === 'my';
    const data = [
      appBanner('b1', my ? 'Naik saiz percuma' : 'Free upsize'),
      appBanner('b2', my ? 'Kopi baharu' : 'New kopi', {
        target: { type: 'url', id: null, url: 'https://kopi.my' },
      }),
    ];
    if (url.searchParams.get('outlet_id') === testOutlets.pg) data.push(appBanner('b3', 'Penang'));
    return { body: { data } };
  });
  renderWithProviders(<AppPreviewCard outlets={outlets} timeZone="Asia/Kuala_Lumpur" />);
  return { calls, phone: () => within(screen.getByTestId('banner-preview')) };
}
const title = () => screen.getByTestId('banner-preview-title').textContent;

describe('app preview', () => {
  it('shows one banner at a time in a phone frame, moved with the arrows and the dots', async () => {
    const { phone } = renderCard();
    await waitFor(() => expect(title()).toBe('Free upsize'));
    expect(phone().getByText('Good day!')).toBeInTheDocument();
    expect(phone().getByRole('button', { name: 'Previous banner' })).toBeDisabled();
    await userEvent.click(phone().getByRole('button', { name: 'Next banner' }));
    expect(title()).toBe('New kopi');
    expect(screen.getByTestId('banner-preview-target')).toHaveTextContent('A tap opens: Web link');
    expect(phone().getByRole('button', { name: 'Banner 2 of 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await userEvent.click(phone().getByRole('button', { name: 'Banner 1 of 2' }));
    expect(title()).toBe('Free upsize');
    // The app picks WebP where it can, JPEG elsewhere.
    const slide = screen.getByTestId('banner-preview-slide');
    expect(slide.querySelector('source')).toHaveAttribute('srcset', '/uploads/banners/b1-400.webp');
    expect(slide.querySelector('img')).toHaveAttribute('src', '/uploads/banners/b1-400.jpg');
  });

  it('switches the app to Malay: the banners’ titles and the app’s own words', async () => {
    const { calls, phone } = renderCard();
    await waitFor(() => expect(title()).toBe('Free upsize'));
    await userEvent.click(screen.getByTestId('banner-preview-my'));
    await waitFor(() => expect(title()).toBe('Naik saiz percuma'));
    expect(phone().getByText('Selamat datang!')).toBeInTheDocument();
    expect(calls.at(-1)!.url).toBe('/api/banners/preview?lang=my');
  });

  it('previews the app in the screen’s language first', async () => {
    await i18n.changeLanguage('my');
    const { calls, phone } = renderCard();
    await waitFor(() => expect(title()).toBe('Naik saiz percuma'));
    expect(phone().getByText('Selamat datang!')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/banners/preview?lang=my');
    expect(screen.getByTestId('banner-preview-my')).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks for an outlet’s banners once one is chosen', async () => {
    const { calls, phone } = renderCard();
    await waitFor(() => expect(title()).toBe('Free upsize'));
    await userEvent.click(screen.getByTestId('banner-preview-outlet'));
    await userEvent.click(await screen.findByRole('option', { name: 'Penang' }));
    await waitFor(() =>
      expect(phone().getAllByRole('button', { name: /^Banner \d of 3$/ })).toHaveLength(3),
    );
    expect(calls.at(-1)!.url).toBe(`/api/banners/preview?lang=en&outlet_id=${testOutlets.pg}`);
  });

  it('previews a moment to come: its date and time on the business clock, sent as `at`', async () => {
    const { calls } = renderCard();
    await waitFor(() => expect(title()).toBe('Free upsize'));
    expect(calls.at(-1)!.url).toBe('/api/banners/preview?lang=en');
    await userEvent.type(screen.getByTestId('banner-preview-at-date'), '2026-12-01{Enter}');
    // A date alone is its start: midnight in Kuala Lumpur is 16:00 UTC the day before.
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe(
        `/api/banners/preview?lang=en&at=${encodeURIComponent('2026-11-30T16:00:00.000Z')}`,
      ),
    );
  });
});
