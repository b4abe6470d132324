import { describe, expect, it } from 'vitest';
import { expectCode } from '../../../test/expect-code';
import { anonymous } from '../../../test/test-app';
import { useTestApp } from '../../../test/use-test-app';

// GET /api/payments/{provider}/return as the OpenAPI document lists it: the query fields the
// gateways send the browser back with (Billplz's signed billplz[…], Stripe's payment_intent…),
// and nothing of the schema's own shape; a field not listed still reaches the gateway's check.

const { api } = useTestApp();

describe('the return route in the OpenAPI document', () => {
  it('lists the real query parameters and no schema keywords', async () => {
    const doc = (await api.get('/api/docs/json', anonymous)).json();
    const parameters = doc.paths['/api/payments/{provider}/return'].get.parameters as {
      in: string;
      name: string;
      required?: boolean;
    }[];
    expect(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.required])).toEqual([
      ['billplz[id]', false],
      ['billplz[paid]', false],
      ['billplz[paid_at]', false],
      ['billplz[x_signature]', false],
      ['payment_intent', false],
      ['payment_intent_client_secret', false],
      ['redirect_status', false],
    ]);
    expect(parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['provider']);
  });

  it('passes a field it does not list on to the gateway, and refuses an overlong name', async () => {
    const path = '/api/payments/billplz/return';
    // Billplz signs every billplz[…] field it adds: the bill is looked up, not the query refused.
    expectCode(
      await api.get(`${path}?billplz[id]=nobill&billplz[transaction_id]=T1`, anonymous),
      404,
      'not_found',
    );
    const named = (length: number) => `${path}?billplz[id]=nobill&${'k'.repeat(length)}=1`;
    expectCode(await api.get(named(60), anonymous), 404, 'not_found');
    expectCode(await api.get(named(61), anonymous), 400, 'validation_failed');
  });
});
