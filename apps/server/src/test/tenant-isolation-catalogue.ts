import { bannersPart } from './tenant-isolation-banners';
import { vouchersPart } from './tenant-isolation-vouchers';
import { addProduct } from './order-fixtures';
import { demoProduct, pngImage } from './catalogue-fixtures';
import type { TestApp } from './test-app';
import type { Answer, Requests } from './tenant-isolation-send';

// The tenant-isolation scenario's catalogue, as tenant A's admin: categories, banners, vouchers,
// variant groups, add-ons, products with images, outlet prices and sold-out, and the CSV import.

type Upload = (url: string, file: Buffer, name?: string, type?: string) => Answer;

export async function cataloguePart(
  t: TestApp,
  a: Requests,
  upload: Upload,
  refs: { outletId: string; categoryId: string },
) {
  await a.get('/api/categories?q=k');
  await a.get(`/api/categories/${refs.categoryId}`);
  const category = (await a.post('/api/categories', { name_en: 'Iso', name_my: 'Iso' })).data as {
    id: string;
  };
  await a.put(`/api/categories/${category.id}`, { name_en: 'Iso 2', name_my: 'Iso 2' });
  await upload(`/api/categories/${category.id}/image`, await pngImage(40, 40));
  await a.put('/api/categories/order', { ids: [category.id] });
  await a.del(`/api/categories/${category.id}`);
  await bannersPart(a, upload, {
    outletId: refs.outletId,
    productId: (await demoProduct(t, 'KOP-001')).id,
  });
  await vouchersPart(a, {
    outletId: refs.outletId,
    productId: (await demoProduct(t, 'KOP-001')).id,
    categoryId: refs.categoryId,
  });

  await a.get('/api/variant-groups?q=s');
  const group = (
    await a.post('/api/variant-groups', {
      variant_name: 'Iso size',
      options: [
        { options_name: 'Small', price: 0 },
        { options_name: 'Large', price: 100 },
      ],
    })
  ).data as { id: string; options: { id: string }[] };
  await a.get(`/api/variant-groups/${group.id}`);
  await a.put(`/api/variant-groups/${group.id}`, {
    variant_name: 'Iso size',
    options: [
      { id: group.options[0]!.id, options_name: 'Small', price: 0 },
      { options_name: 'Huge', price: 200 },
    ],
  });
  await a.get('/api/addons?q=e');
  const addon = (await a.post('/api/addons', { addons_name: 'Iso shot', price: 150 })).data as {
    id: string;
  };
  await a.get(`/api/addons/${addon.id}`);
  await a.put(`/api/addons/${addon.id}`, { addons_name: 'Iso shot', price: 200 });
  const spareAddon = (await a.post('/api/addons', { addons_name: 'Iso spare', price: 1 })).data;
  await a.del(`/api/addons/${spareAddon.id}`);
  const spareGroup = (
    await a.post('/api/variant-groups', {
      variant_name: 'Iso spare',
      options: [{ options_name: 'One', price: 0 }],
    })
  ).data;
  await a.del(`/api/variant-groups/${spareGroup.id}`);

  const isoLatte = {
    sku: 'ISO-1',
    category: refs.categoryId,
    variant_group_ids: [group.id],
    addon_ids: [addon.id],
  };
  const product = (
    await a.post('/api/products', { ...isoLatte, name: 'Iso latte', base_price: 900 })
  ).data as { id: string };
  await a.get('/api/products?q=kopi');
  await a.get(`/api/products?outlet=${refs.outletId}&sort=-price&category=${refs.categoryId}`);
  await a.get('/api/products/export');
  await a.get(`/api/products/${product.id}`);
  await a.put(`/api/products/${product.id}`, { ...isoLatte, name: 'Iso latte 2', base_price: 950 });
  const images = (await upload(`/api/products/${product.id}/images`, await pngImage(40, 40)))
    .data as { id: string }[];
  const more = (await upload(`/api/products/${product.id}/images`, await pngImage(30, 30)))
    .data as { id: string }[];
  await a.put(`/api/products/${product.id}/images/${more.at(-1)!.id}/main`, {});
  await a.del(`/api/products/${product.id}/images/${images[0]!.id}`);
  await a.get(`/api/products/${product.id}/outlets`);
  await a.put(`/api/products/${product.id}/outlets/${refs.outletId}`, {
    available: true,
    price_override: 990,
  });
  await a.put(`/api/products/${product.id}/outlets/${refs.outletId}/sold-out`, { sold_out: true });
  await a.put(`/api/products/${product.id}/outlets/${refs.outletId}/sold-out`, { sold_out: false });
  const csv = (sku: string, name: string) =>
    Buffer.from(
      'sku,name,category,base_price,discounted_price,barcode,description,status,tags\n' +
        `${sku},${name},Kopi,5.00,,,,active,\nISO-1,Iso latte 3,Kopi,9.50,,,,active,\n`,
    );
  await upload('/api/products/import?mode=preview', csv('ISO-2', 'Imported'), 'p.csv', 'text/csv');
  await upload('/api/products/import?mode=commit', csv('ISO-2', 'Imported'), 'p.csv', 'text/csv');
  const spare = await addProduct(t, { sku: 'ISO-3', price: 500 });
  await a.post('/api/products/bulk-status', { ids: [spare.id], status: 'disabled' });
  await a.post(`/api/products/${spare.id}/archive`);
  const doomed = await addProduct(t, { sku: 'ISO-4', price: 500 });
  await a.del(`/api/products/${doomed.id}`);

  // ---- POS, orders, board, day close -----------------------------------------------------------
}
