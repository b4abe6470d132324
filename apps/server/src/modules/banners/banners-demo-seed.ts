import type { BannerInput } from '@kopi/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/database';
import { categories, products } from '../../db/schema/catalogue';
import { outlets, tenants } from '../../db/schema/tenancy';
import { ownedBy } from '../../db/tenant-scope';
import type { Clock } from '../../lib/clock';
import { demoStaffContexts } from '../../lib/demo-staff';
import { createBannerService } from './banners.service';

// Demo banners, made by the demo marketing user through the banner service like the API: one live
// at every outlet, one live at Penang only, one scheduled for later. Their pictures are drawn here
// (a gradient with the title in SVG, rendered to PNG) and uploaded like a staff member's file.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A 1200 × 600 PNG: a diagonal gradient with a headline and a line under it. */
async function picture(from: string, to: string, headline: string, line: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="1200" height="600" fill="url(#g)"/>
  <circle cx="1030" cy="140" r="210" fill="#ffffff" fill-opacity="0.12"/>
  <text x="80" y="300" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="bold" fill="#ffffff">${headline}</text>
  <text x="80" y="390" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#ffffff" fill-opacity="0.9">${line}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedDemoBanners(
  db: Db,
  options: { now: Clock; dataDir: string; tenantSlug?: string },
) {
  const [tenant] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.slug, options.tenantSlug ?? 'kopi-demo'));
  if (!tenant) return { banners: 0 };
  const marketing = (await demoStaffContexts(db, tenant.id, ['marketing'])).get('marketing');
  if (!marketing) return { banners: 0 };
  const [kopi] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(ownedBy(categories, tenant.id), eq(categories.nameEn, 'Kopi')));
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(ownedBy(products, tenant.id), eq(products.sku, 'KOP-001')));
  const [penang] = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(ownedBy(outlets, tenant.id), eq(outlets.code, 'PG01')));
  if (!kopi || !product || !penang) return { banners: 0 };

  const service = createBannerService({ db, dataDir: options.dataDir, now: options.now });
  // On the hour: the schedule reads 10:00, not 10:37.
  const now = Math.floor(options.now().getTime() / HOUR) * HOUR;
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  const plans: { input: BannerInput; image: Promise<Buffer> }[] = [
    {
      input: {
        title_en: 'Free upsize all month',
        title_my: 'Naik saiz percuma sebulan',
        target_type: 'category',
        target_id: kopi.id,
        starts_at: at(-2),
        ends_at: at(28),
        all_outlets: true,
        outlet_ids: [],
        status: 'active',
      },
      image: picture('#4f7a5a', '#a3c49a', 'Free upsize', 'Every kopi, all month long'),
    },
    {
      input: {
        title_en: 'Penang: kopi the old way',
        title_my: 'Pulau Pinang: kopi cara lama',
        target_type: 'product',
        target_id: product.id,
        starts_at: at(-1),
        ends_at: null,
        all_outlets: false,
        outlet_ids: [penang.id],
        status: 'active',
      },
      image: picture('#7a4a2a', '#d29a5c', 'Kopi, Penang style', 'Now at Kopi Demo Penang'),
    },
    {
      input: {
        title_en: 'Merdeka week: 31% off',
        title_my: 'Minggu Merdeka: diskaun 31%',
        target_type: 'url',
        target_url: 'https://kopi-demo.my/merdeka',
        starts_at: at(14),
        ends_at: at(21),
        all_outlets: true,
        outlet_ids: [],
        status: 'active',
      },
      image: picture('#1f3a7a', '#c8343a', 'Merdeka week', '31% off every drink'),
    },
  ];
  for (const plan of plans) {
    const banner = await service.create(marketing, plan.input);
    await service.setImage(marketing, banner.id, await plan.image);
  }
  return { banners: plans.length };
}
