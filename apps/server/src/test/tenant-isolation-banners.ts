import { pngImage } from './catalogue-fixtures';
import { bannerBody } from './banner-fixtures';
import type { Requests as AdminRequests } from './tenant-isolation-send';

// The tenant-isolation scenario's part for the customer app's banners: tenant A's admin creates
// one for chosen outlets with a product target, lists and filters, previews what the app shows,
// uploads a picture, changes and reorders it, and deletes it.

export async function bannersPart(
  a: AdminRequests,
  upload: (url: string, file: Buffer) => Promise<unknown>,
  refs: { outletId: string; productId: string },
) {
  const chosen = { all_outlets: false, outlet_ids: [refs.outletId] };
  const target = { target_type: 'product' as const, target_id: refs.productId };
  const banner = (await a.post('/api/banners', bannerBody({ title_en: 'Iso banner', ...chosen })))
    .data as { id: string };
  await a.get(`/api/banners?q=Iso&state=live&outlet_id=${refs.outletId}`);
  await a.get(`/api/banners/${banner.id}`);
  await a.put(`/api/banners/${banner.id}`, bannerBody({ title_en: 'Iso 2', ...chosen, ...target }));
  await upload(`/api/banners/${banner.id}/image`, await pngImage(80, 40));
  await a.get(`/api/banners/preview?outlet_id=${refs.outletId}&lang=my`);
  await a.post('/api/banners/reorder', { ids: [banner.id] });
  await a.del(`/api/banners/${banner.id}`);
}
