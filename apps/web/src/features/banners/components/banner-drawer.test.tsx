import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Banner } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testOutlets } from '../../../test/fetch-mock';
import { testBanner } from '../test-banners';
import { renderBannerDrawer } from './render-banner-drawer';
import { chooseOption, retype } from '../../../test/user-steps';

afterEach(() => vi.unstubAllGlobals());

const categories = [
  { id: '9b1f6a1e-4c2d-4e8f-9a0b-1c2d3e4f5a6b', name_en: 'Kopi', name_my: 'Kopi' },
  { id: '8a0e5b2f-3d1c-4f7e-8b9a-0c1d2e3f4a5b', name_en: 'Bakery', name_my: 'Bakeri' },
];

const renderDrawer = (banner: Banner | null = null) =>
  renderBannerDrawer(banner, (call) =>
    call.url.startsWith('/api/categories?') ? { body: { data: categories } } : undefined,
  );

/** Picks `option` in the drop-down whose display has `testId`. */

async function typeSchedule(end: 'starts' | 'ends', date: string, time: string) {
  const dateInput = screen.getByTestId(`banner-${end}-date`);
  await retype(dateInput, `${date}{Enter}`);
  await userEvent.type(screen.getByTestId(`banner-${end}-time`), time);
}

// Typing a whole banner is many keystrokes: slow on a busy 2-core machine.
describe('banner drawer', { timeout: 90_000 }, () => {
  it('saves a banner scheduled on the business clock, at chosen outlets, opening a category', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await userEvent.type(drawer.getByLabelText('Title (English)'), 'Raya open house');
    await chooseOption('banner-target-type', 'Category');
    await chooseOption('banner-target-category', 'Bakery');
    await typeSchedule('starts', '2026/06/10', '09:30');
    await typeSchedule('ends', '2026/06/20', '22:00');
    await userEvent.click(drawer.getByTestId('banner-all-outlets'));
    await userEvent.click(await drawer.findByRole('checkbox', { name: 'Penang' }));
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      {
        title_en: 'Raya open house',
        title_my: '',
        target_type: 'category',
        target_id: categories[1]!.id,
        target_url: null,
        // 09:30 and 22:00 in Kuala Lumpur (UTC+8).
        starts_at: '2026-06-10T01:30:00.000Z',
        ends_at: '2026-06-20T14:00:00.000Z',
        all_outlets: false,
        outlet_ids: [testOutlets.pg],
        status: 'active',
      },
      null,
    ]);
  });

  it('refuses a plain http link, an end before the start and no outlet chosen, in the contract’s words', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await save();
    expect(await drawer.findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(drawer.getByLabelText('Title (English)'), 'Promo');
    await chooseOption('banner-target-type', 'Web link');
    await userEvent.type(drawer.getByTestId('banner-target-url'), 'http://kopi.my/promo');
    await typeSchedule('starts', '2026/06/10', '10:00');
    await typeSchedule('ends', '2026/06/10', '09:00');
    await userEvent.click(drawer.getByTestId('banner-all-outlets'));
    await save();
    expect(await drawer.findByText('The link must start with https://')).toBeInTheDocument();
    expect(drawer.getByTestId('banner-ends-error')).toHaveTextContent(
      'The end must be after the start',
    );
    expect(drawer.getByText('The minimum number of items is 1')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('edits a banner as saved, and drops the old target when the kind of target changes', async () => {
    const banner = testBanner('b1', 'Kopi week', {
      title_my: 'Minggu kopi',
      target_type: 'category',
      target_id: categories[0]!.id,
      target_label: 'Kopi',
      starts_at: '2026-06-01T00:00:00.000Z',
    });
    const { drawer, save, onSubmit } = renderDrawer(banner);
    expect(drawer.getByTestId('banner-starts-date')).toHaveValue('2026/06/01');
    expect(drawer.getByTestId('banner-starts-time')).toHaveValue('08:00');
    expect(drawer.getByAltText('Picture of Kopi week')).toHaveAttribute(
      'src',
      '/uploads/banners/b1-800.webp',
    );
    await chooseOption('banner-target-type', 'Nothing');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      title_my: 'Minggu kopi',
      target_type: 'none',
      target_id: null,
      starts_at: '2026-06-01T00:00:00.000Z',
      ends_at: null,
      all_outlets: true,
    });
  });
});
