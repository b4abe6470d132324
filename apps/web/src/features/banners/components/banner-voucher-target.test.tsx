import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderBannerDrawer } from './render-banner-drawer';

// A banner can open a voucher: the drawer offers "Voucher" and the tenant's live and scheduled
// vouchers to pick from, and saves the pick as the target.

afterEach(() => vi.unstubAllGlobals());

const live = {
  id: '1c9e6a1e-4c2d-4e8f-9a0b-1c2d3e4f5a6b',
  name_en: 'Raya 10%',
  name_my: 'Raya 10%',
};
const soon = { id: '2d8e5b2f-3d1c-4f7e-8b9a-0c1d2e3f4a5b', name_en: 'Merdeka', name_my: null };

describe('banner drawer voucher target', { timeout: 90_000 }, () => {
  it('picks a voucher and saves it as the target', async () => {
    const asked: string[] = [];
    const { drawer, save, onSubmit } = renderBannerDrawer(null, (call) => {
      if (!call.url.startsWith('/api/vouchers?')) return undefined;
      asked.push(call.url);
      return { body: { data: call.url.includes('state=active') ? [live] : [soon] } };
    });
    await userEvent.type(drawer.getByLabelText('Title (English)'), 'Raya vouchers');
    await userEvent.click(screen.getByTestId('banner-target-type'));
    await userEvent.click(await screen.findByRole('option', { name: 'Voucher' }));
    await userEvent.click(screen.getByTestId('banner-target-voucher'));
    expect(await screen.findByRole('option', { name: 'Merdeka' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('option', { name: 'Raya 10%' }));
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      target_type: 'voucher',
      target_id: live.id,
    });
    expect(asked.some((u) => u.includes('state=scheduled'))).toBe(true);
  });
});
