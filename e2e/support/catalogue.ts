import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin } from './session';

// Products the counter journeys create for themselves.

/** A product of its own with a required choice whose default is "Hot": KL01 sells it. */
export async function standardDrink(request: APIRequestContext, nameMy?: string) {
  const { token } = await apiLogin(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36).toUpperCase();
  const group = await request.post('/api/variant-groups', {
    headers,
    data: {
      variant_name: `Temperature ${stamp}`,
      required: true,
      min_select: 1,
      max_select: 1,
      options: [
        { options_name: 'Hot', price: 0, is_default: true },
        { options_name: 'Iced', price: 50 },
      ],
    },
  });
  expect(group.status(), await group.text()).toBe(201);
  const sku = `CTR-${stamp}`;
  await createProduct(request, headers, {
    name: `Teh Counter ${stamp}`,
    ...(nameMy ? { name_my: `${nameMy} ${stamp}` } : {}),
    sku,
    base_price: 300,
    variant_group_ids: [(await group.json()).data.id],
  });
  return { sku, stamp };
}

/** Creates a product in the menu's first category, as the admin whose `headers` are given. */
export async function createProduct(
  request: APIRequestContext,
  headers: Record<string, string>,
  fields: Record<string, unknown>,
) {
  const categories = await request.get('/api/categories?page_size=100', { headers });
  expect(categories.status()).toBe(200);
  const category = ((await categories.json()).data as { id: string }[])[0]!;
  const product = await request.post('/api/products', {
    headers,
    data: { ...fields, category: category.id },
  });
  expect(product.status(), await product.text()).toBe(201);
}

/** Marks a product sold out today at an outlet, or back in stock, as the admin. */
export async function setSoldOut(
  request: APIRequestContext,
  outletId: string,
  productId: string,
  soldOut: boolean,
) {
  const { token } = await apiLogin(request, 'admin');
  const res = await request.put(`/api/products/${productId}/outlets/${outletId}/sold-out`, {
    headers: { authorization: `Bearer ${token}` },
    data: { sold_out: soldOut },
  });
  expect(res.status(), await res.text()).toBe(200);
}
