import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoOutletIds } from '../../test/catalogue-fixtures';
import { demoTenantId } from '../../test/order-fixtures';
import { useTestApp } from '../../test/use-test-app';
import { seedDemoBanners } from './banners-demo-seed';
import { createBannerService } from './banners.service';

// The demo banners: one live everywhere, one live at Penang only, one scheduled for later, each
// with a real picture stored in both formats.

const now = new Date('2026-08-01T02:25:00Z');
const { t, api } = useTestApp({ now: () => now, signIn: ['marketing'], api: 'marketing' });

describe('demo banners', () => {
  it('seeds three banners with pictures through the service, as the marketing user', async () => {
    const db = t.database.db;
    const { dataDir } = t.config;
    expect(await seedDemoBanners(db, { now: () => now, dataDir })).toEqual({ banners: 3 });
    const listed = (await api.get('/api/banners')).json().data as {
      title_en: string;
      state: string;
      starts_at: string;
      image: { sizes: { webp: string; jpeg: string }[] };
    }[];
    expect(listed.map((b) => [b.title_en, b.state])).toEqual([
      ['Free upsize all month', 'live'],
      ['Penang: kopi the old way', 'live'],
      ['Merdeka week: 31% off', 'scheduled'],
    ]);
    // Whole hours, so the schedule reads cleanly.
    expect(listed[0]!.starts_at).toBe('2026-07-30T02:00:00.000Z');
    for (const file of listed.flatMap((b) => b.image.sizes.flatMap((s) => [s.webp, s.jpeg]))) {
      expect(fs.existsSync(path.join(dataDir, file))).toBe(true);
    }

    const service = createBannerService({ db, dataDir, now: () => now });
    const tenantId = await demoTenantId(t);
    const { kl, pg } = await demoOutletIds(t);
    const served = async (outletId: string) =>
      (await service.activeBanners(tenantId, outletId, 'my', now)).map((b) => b.title);
    expect(await served(kl)).toEqual(['Naik saiz percuma sebulan']);
    expect(await served(pg)).toEqual(['Naik saiz percuma sebulan', 'Pulau Pinang: kopi cara lama']);
  });
});
