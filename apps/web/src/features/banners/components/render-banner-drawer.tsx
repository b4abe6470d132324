import type { Banner } from '@kopi/contract';
import { type FetchHandler, mockFetch, outletFilterAnswer } from '../../../test/fetch-mock';
import { renderFormDrawer } from '../../../test/render-drawer';
import { BannerDrawer } from './banner-drawer';

/**
 * Renders the banner drawer open on `banner` (none: a new one) in Kuala Lumpur's zone, the outlet
 * filter answered and other calls left to `answer`; gives the drawer, its save and `onSubmit`.
 */
export function renderBannerDrawer(banner: Banner | null, answer: FetchHandler) {
  mockFetch((call) => (call.url.startsWith('/api/outlets?') ? outletFilterAnswer() : answer(call)));
  return renderFormDrawer('banner', (form) => (
    <BannerDrawer {...form} banner={banner} timeZone="Asia/Kuala_Lumpur" mayUpload />
  ));
}
