import { asc, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { productImages, products } from '../../db/schema/catalogue';
import { demoCategory, demoOutletIds, multipart, pngImage } from '../catalogue-fixtures';
import { addProduct } from '../order-fixtures';
import type { TestAppContext } from '../use-test-app';
import { twoTargets, type Drivers } from './walk';

// The products' writes: create, edit, delete and archive, bulk status, images, and each outlet's
// availability, price and sold-out state.

let counter = 0;
const n = () => ++counter;

export function productDrivers({ t, api, as }: TestAppContext<'admin'>): Drivers {
  const db = () => t.database.db;
  const newProduct = () => addProduct(t, { sku: `REUSE-P-${n()}`, price: 1000 });
  const productsWhere = (column: typeof products.id | typeof products.sku, values: string[]) =>
    db().select().from(products).where(inArray(column, values)).orderBy(asc(products.sku));
  const imagesOf = (productId: string) =>
    db()
      .select()
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.id));
  const outletsOf = async (productId: string) =>
    (await api.get(`/api/products/${productId}/outlets`)).json().data;
  /** Uploads a small PNG (the upload route takes no key) and answers the image's id. */
  async function addImage(productId: string) {
    const body = multipart(await pngImage(40, 40));
    const res = await api.post(`/api/products/${productId}/images`, body.payload, {
      ...as.admin,
      'content-type': body.contentType,
    });
    expect(res.statusCode, res.body).toBe(200);
    const images = res.json().data as { id: string }[];
    return images[images.length - 1]!.id;
  }
  return {
    'POST /api/products/bulk-status': async () => {
      const [a, b] = [await newProduct(), await newProduct()];
      return {
        url: '/api/products/bulk-status',
        first: { ids: [a.id], status: 'disabled' },
        second: { ids: [b.id], status: 'disabled' },
        effect: () => productsWhere(products.id, [a.id, b.id]),
      };
    },
    'POST /api/products': async () => {
      const category = (await demoCategory(t, 'Kopi')).id;
      const [a, b] = [`REUSE-NEW-${n()}`, `REUSE-NEW-${n()}`];
      const product = (sku: string) => ({ name: 'Reuse latte', sku, category, base_price: 900 });
      return {
        url: '/api/products',
        first: product(a),
        second: product(b),
        effect: () => productsWhere(products.sku, [a, b]),
      };
    },
    'PUT /api/products/:id': async () => {
      const product = await newProduct();
      const edit = (name: string, price: number) => ({
        name,
        sku: product.sku,
        category: product.categoryId,
        base_price: price,
      });
      return {
        url: `/api/products/${product.id}`,
        first: edit('Reuse renamed', 1100),
        second: edit('Reuse renamed again', 1200),
        effect: () => productsWhere(products.id, [product.id]),
      };
    },
    'DELETE /api/products/:id': () =>
      twoTargets(
        newProduct,
        (a) => `/api/products/${a.id}`,
        (a, b) => productsWhere(products.id, [a.id, b.id]),
      ),
    'POST /api/products/:id/archive': () =>
      twoTargets(
        newProduct,
        (a) => `/api/products/${a.id}/archive`,
        (a, b) => productsWhere(products.id, [a.id, b.id]),
      ),
    'DELETE /api/products/:id/images/:imageId': async () => {
      const { id } = await newProduct();
      return twoTargets(
        () => addImage(id),
        (image) => `/api/products/${id}/images/${image}`,
        () => imagesOf(id),
      );
    },
    'PUT /api/products/:id/images/:imageId/main': async () => {
      const { id } = await newProduct();
      // The first upload is the main one; the walk makes the second main, then tries the third.
      await addImage(id);
      return twoTargets(
        () => addImage(id),
        (image) => `/api/products/${id}/images/${image}/main`,
        () => imagesOf(id),
      );
    },
    'PUT /api/products/:id/outlets/:outletId': async () => {
      const { id } = await newProduct();
      const { pg } = await demoOutletIds(t);
      return {
        url: `/api/products/${id}/outlets/${pg}`,
        first: { available: true, price_override: 1100 },
        second: { available: false, price_override: 1200 },
        effect: () => outletsOf(id),
      };
    },
    'PUT /api/products/:id/outlets/:outletId/sold-out': async () => {
      const { id } = await newProduct();
      const { kl, pg } = await demoOutletIds(t);
      return {
        url: `/api/products/${id}/outlets/${kl}/sold-out`,
        first: { sold_out: true },
        secondUrl: `/api/products/${id}/outlets/${pg}/sold-out`,
        effect: () => outletsOf(id),
      };
    },
  };
}
