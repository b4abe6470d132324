import { variantGroupSchema } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { expectCode } from '../../test/expect-code';
import { useTestApp } from '../../test/use-test-app';

// The option the POS chooses unless the cashier picks another: at most one per group, kept
// through an edit.

const { api } = useTestApp({ signIn: ['admin'], api: 'admin' });

describe('variant option default', () => {
  it('stores the default, moves it on an edit and refuses two', async () => {
    const res = await api.post('/api/variant-groups', {
      variant_name: 'Ice level',
      options: [
        { options_name: 'Normal', price: 0, is_default: true },
        { options_name: 'Less', price: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = variantGroupSchema.parse(res.json().data);
    expect(created.options.map((o) => o.is_default)).toEqual([true, false]);

    const [normal, less] = created.options;
    const moved = await api.put(`/api/variant-groups/${created.id}`, {
      variant_name: 'Ice level',
      options: [
        { id: normal!.id, options_name: 'Normal', price: 0 },
        { id: less!.id, options_name: 'Less', price: 0, is_default: true },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(variantGroupSchema.parse(moved.json().data).options.map((o) => o.is_default)).toEqual([
      false,
      true,
    ]);

    const two = await api.post('/api/variant-groups', {
      variant_name: 'Two defaults',
      options: [
        { options_name: 'A', price: 0, is_default: true },
        { options_name: 'B', price: 0, is_default: true },
      ],
    });
    const body = expectCode(two, 400, 'validation_failed');
    expect(body.details?.map((d) => d.path)).toContain('options');
  });
});
