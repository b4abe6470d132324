import { addonSchema, variantGroupSchema } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { demoCategory, useOtherTenant } from '../../test/catalogue-fixtures';
import { detailPaths, expectCode } from '../../test/expect-code';
import { useTestApp } from '../../test/use-test-app';

// The variant and add-on library: shared by many products, edits reach every product, deleting
// one in use is refused.

const { t, api } = useTestApp({ signIn: ['admin'], api: 'admin' });
const other = useOtherTenant(t, 'library-rival');

async function group(name: string) {
  const res = await api.get(`/api/variant-groups?q=${encodeURIComponent(name)}`);
  return variantGroupSchema.strict().parse(res.json().data[0]);
}

describe('/api/variant-groups', () => {
  it('lists the demo groups with options in order and the products using each', async () => {
    const res = await api.get('/api/variant-groups');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((g: { variant_name: string }) => g.variant_name)).toEqual([
      'Ice level',
      'Milk',
      'Size',
      'Sugar level',
    ]);
    const sugar = await group('Sugar level');
    expect(sugar).toMatchObject({ required: true, min_select: 1, max_select: 1 });
    expect(sugar.options.map((o) => o.options_name)).toEqual(['Normal', 'Less', 'No']);
    expect(sugar.used_by.map((p) => p.name)).toContain('Teh Tarik');
    const cashier = t.bearer((await t.login('cashier')).token);
    expect((await api.get('/api/variant-groups', cashier)).statusCode).toBe(200);
  });

  it('creates a group, then replaces its options keeping the ids it is given', async () => {
    const res = await api.post('/api/variant-groups', {
      variant_name: 'Sweetener',
      options: [
        { options_name: 'Sugar', price: 0 },
        { options_name: 'Honey', price: 100 },
        { options_name: 'Stevia', price: 50 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const created = variantGroupSchema.parse(res.json().data);
    expect(created).toMatchObject({ required: false, min_select: 0, max_select: 1, used_by: [] });
    const [sugar, honey] = created.options;
    const update = await api.put(`/api/variant-groups/${created.id}`, {
      variant_name: 'Sweetener',
      required: true,
      min_select: 1,
      max_select: 2,
      options: [
        { id: honey!.id, options_name: 'Wild honey', price: 150 },
        { id: sugar!.id, options_name: 'Sugar', price: 0 },
        { options_name: 'Gula Melaka', price: 80 },
      ],
    });
    expect(update.statusCode, update.body).toBe(200);
    const options = update.json().data.options;
    expect(options.map((o: { options_name: string }) => o.options_name)).toEqual([
      'Wild honey',
      'Sugar',
      'Gula Melaka',
    ]);
    expect(options[0].id).toBe(honey!.id);
    expect(options[1].id).toBe(sugar!.id);
    const theirs = await api.send(
      'POST',
      '/api/variant-groups',
      { variant_name: 'X', options: [{ options_name: 'Y', price: 0 }] },
      other.headers,
    );
    const foreignOption = theirs.json().data.options[0].id;
    const stolen = await api.put(`/api/variant-groups/${created.id}`, {
      variant_name: 'Sweetener',
      options: [{ id: foreignOption, options_name: 'Mine now', price: 0 }],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().details).toEqual([
      { path: 'options.0.id', message: 'validation.invalid' },
    ]);
  });

  it('answers 400 for no options, a required group choosing none, or more choices than options', async () => {
    const empty = await api.post('/api/variant-groups', { variant_name: 'Empty', options: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toContainEqual({
      path: 'options',
      message: 'validation.min_items?minCount=1',
    });
    const required = await api.post('/api/variant-groups', {
      variant_name: 'Req',
      required: true,
      min_select: 0,
      options: [{ options_name: 'A', price: 0 }],
    });
    expect(required.json().details).toEqual([
      { path: 'min_select', message: 'validation.min_value?min=1' },
    ]);
    const tooMany = await api.post('/api/variant-groups', {
      variant_name: 'Many',
      max_select: 3,
      options: [{ options_name: 'A', price: 0 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([
      { path: 'max_select', message: 'validation.select_over_options' },
    ]);
  });

  it('refuses an option priced below zero, on create and update, and takes one at zero', async () => {
    const sizes = (price: number) => ({
      variant_name: 'Tumbler size',
      options: [
        { options_name: 'Regular', price: 0 },
        { options_name: 'Small', price },
      ],
    });
    const below = expectCode(
      await api.post('/api/variant-groups', sizes(-1)),
      400,
      'validation_failed',
    );
    expect(below.message).toBeTruthy();
    expect(below.details).toEqual([
      { path: 'options.1.price', message: 'validation.money_min?min=RM%200.00' },
    ]);
    const free = await api.post('/api/variant-groups', sizes(0));
    expect(free.statusCode, free.body).toBe(201);
    const id = free.json().data.id as string;
    const update = expectCode(
      await api.put(`/api/variant-groups/${id}`, sizes(-50)),
      400,
      'validation_failed',
    );
    expect(update.details).toEqual([
      { path: 'options.1.price', message: 'validation.money_min?min=RM%200.00' },
    ]);
    expect((await group('Tumbler size')).options.map((o) => o.price)).toEqual([0, 0]);
  });

  it('changes every product using the group, and refuses to delete it while in use', async () => {
    const size = await group('Size');
    const large = size.options.find((o) => o.options_name === 'Large')!;
    await api.put(`/api/variant-groups/${size.id}`, {
      variant_name: 'Size',
      required: true,
      min_select: 1,
      options: [
        { id: size.options[0]!.id, options_name: 'Regular', price: 0 },
        { id: large.id, options_name: 'Large', price: 200 },
      ],
    });
    const teh = (await api.get('/api/products?q=TEH-001')).json().data[0];
    const product = (await api.get(`/api/products/${teh.id}`)).json().data;
    const productSize = product.variant_groups.find((g: { id: string }) => g.id === size.id);
    expect(productSize.options.find((o: { id: string }) => o.id === large.id).price).toBe(200);

    const res = await api.del(`/api/variant-groups/${size.id}`);
    expectCode(res, 409, 'variant_group_in_use');
    expect(res.json().message).toBe(
      `This variant group is used by ${size.used_by.length} products. Remove it from them first.`,
    );
  });

  it('deletes an unused group; 404 for another tenant’s, 403 without the permission', async () => {
    const created = await api.post('/api/variant-groups', {
      variant_name: 'Temp',
      options: [{ options_name: 'A', price: 0 }],
    });
    const id = created.json().data.id;
    expect((await api.del(`/api/variant-groups/${id}`)).statusCode).toBe(200);
    expect((await api.get(`/api/variant-groups/${id}`)).statusCode).toBe(404);
    const theirs = (await api.get('/api/variant-groups', other.headers)).json().data[0].id;
    expect((await api.get(`/api/variant-groups/${theirs}`)).statusCode).toBe(404);
    expect(
      (
        await api.put(`/api/variant-groups/${theirs}`, {
          variant_name: 'Z',
          options: [{ options_name: 'Z', price: 0 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await api.del(`/api/variant-groups/${theirs}`)).statusCode).toBe(404);
    const cashier = t.bearer((await t.login('cashier')).token);
    expect(
      (
        await api.send(
          'POST',
          '/api/variant-groups',
          { variant_name: 'C', options: [{ options_name: 'A', price: 0 }] },
          cashier,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('/api/addons', () => {
  it('lists, creates and updates add-ons, with where each is used', async () => {
    const list = await api.get('/api/addons');
    const addons = list.json().data.map((a: unknown) => addonSchema.strict().parse(a));
    expect(addons.map((a: { addons_name: string }) => a.addons_name)).toEqual([
      'Extra shot',
      'Oat milk',
      'Pearls',
      'Whipped cream',
    ]);
    expect(addons[0].used_by.map((p: { name: string }) => p.name)).toContain('Latte');
    const created = await api.post('/api/addons', { addons_name: 'Grass jelly', price: 120 });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      addons_name: 'Grass jelly',
      price: 120,
      status: 'active',
      used_by: [],
    });
    const updated = await api.put(`/api/addons/${created.json().data.id}`, {
      addons_name: 'Cincau',
      price: 130,
      status: 'disabled',
    });
    expect(updated.json().data).toMatchObject({
      addons_name: 'Cincau',
      price: 130,
      status: 'disabled',
    });
    const bad = await api.post('/api/addons', { addons_name: '', price: -5 });
    expect(detailPaths(bad).sort()).toEqual(['addons_name', 'price']);
    // One sen below zero is refused with its message, on create and update; zero is taken.
    const below = expectCode(
      await api.post('/api/addons', { addons_name: 'Less sugar', price: -1 }),
      400,
      'validation_failed',
    );
    expect(below.details).toEqual([
      { path: 'price', message: 'validation.money_min?min=RM%200.00' },
    ]);
    const free = await api.post('/api/addons', { addons_name: 'Less sugar', price: 0 });
    expect(free.statusCode, free.body).toBe(201);
    const lowered = expectCode(
      await api.put(`/api/addons/${free.json().data.id}`, { addons_name: 'Less sugar', price: -1 }),
      400,
      'validation_failed',
    );
    expect(lowered.details).toEqual([
      { path: 'price', message: 'validation.money_min?min=RM%200.00' },
    ]);
  });

  it('refuses to delete an add-on in use, deletes an unused one, hides another tenant’s', async () => {
    const shot = (await api.get('/api/addons?q=shot')).json().data[0];
    const res = await api.del(`/api/addons/${shot.id}`);
    expectCode(res, 409, 'addon_in_use');
    expect(res.json().message).toMatch(new RegExp(`used by ${shot.used_by.length} products`));

    const espresso = await demoCategory(t, 'Espresso');
    const lonely = (await api.post('/api/addons', { addons_name: 'Lonely', price: 10 })).json()
      .data;
    const product = await api.post('/api/products', {
      name: 'Affogato',
      sku: 'AFF-1',
      category: espresso.id,
      base_price: 1500,
      addon_ids: [lonely.id],
    });
    expect((await api.del(`/api/addons/${lonely.id}`)).json().message).toMatch(
      /used by 1 product\./,
    );
    await api.put(`/api/products/${product.json().data.id}`, {
      name: 'Affogato',
      sku: 'AFF-1',
      category: espresso.id,
      base_price: 1500,
      addon_ids: [],
    });
    expect((await api.del(`/api/addons/${lonely.id}`)).statusCode).toBe(200);

    const theirs = (
      await api.post('/api/addons', { addons_name: 'Theirs', price: 1 }, other.headers)
    ).json().data;
    expect((await api.get(`/api/addons/${theirs.id}`)).statusCode).toBe(404);
    expect((await api.del(`/api/addons/${theirs.id}`)).statusCode).toBe(404);
    expect((await api.get('/api/addons?q=Theirs')).json().meta.total).toBe(0);
  });
});
