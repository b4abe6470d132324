import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Banner } from '@kopi/contract';
import { vi } from 'vitest';
import { type FetchHandler, mockFetch, outletFilterAnswer } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { BannerDrawer } from './banner-drawer';

/**
 * Renders the banner drawer open on `banner` (none: a new one) in Kuala Lumpur's zone, the outlet
 * filter answered and other calls left to `answer`; gives the drawer, its save and `onSubmit`.
 */
export function renderBannerDrawer(banner: Banner | null, answer: FetchHandler) {
  mockFetch((call) => (call.url.startsWith('/api/outlets?') ? outletFilterAnswer() : answer(call)));
  const onSubmit = vi.fn((..._args: unknown[]) => Promise.resolve());
  renderWithProviders(
    <BannerDrawer
      open
      banner={banner}
      timeZone="Asia/Kuala_Lumpur"
      mayUpload
      onClose={() => undefined}
      onSubmit={onSubmit}
    />,
  );
  const drawer = within(screen.getByTestId('banner-drawer'));
  const save = () => userEvent.click(drawer.getByTestId('banner-save'));
  return { drawer, save, onSubmit };
}
