import { pngImage } from './catalogue-fixtures';
import type { Requests as AdminRequests } from './tenant-isolation-send';

// The tenant-isolation scenario's part for business settings: tenant A's admin reads and saves
// them (a footer change, then back), uploads a receipt logo and removes it.

export async function businessSettingsPart(
  a: AdminRequests,
  upload: (url: string, file: Buffer) => Promise<unknown>,
) {
  const current = (await a.get('/api/tenant-settings')).data as Record<string, unknown>;
  const { business_name: _name, receipt_logo_url: _logo, updated_at: _at, ...settings } = current;
  await a.put('/api/tenant-settings', { ...settings, receipt_footer: 'Iso footer' });
  await a.put('/api/tenant-settings', settings);
  await upload('/api/tenant-settings/logo', await pngImage(40, 40));
  await a.del('/api/tenant-settings/logo');
}
