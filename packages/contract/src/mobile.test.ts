import { describe, expect, it } from 'vitest';
import {
  distanceKm,
  mobileOrderCreateSchema,
  mobileOutletsQuerySchema,
  mobilePayRequestSchema,
  normalisePhone,
  phoneSchema,
} from './mobile';

describe('normalisePhone', () => {
  it('turns Malaysian local and international forms into E.164', () => {
    expect(normalisePhone('012-345 6789')).toBe('+60123456789');
    expect(normalisePhone('0123456789')).toBe('+60123456789');
    expect(normalisePhone('60123456789')).toBe('+60123456789');
    expect(normalisePhone('+60 12-345 6789')).toBe('+60123456789');
    expect(normalisePhone('(03) 2141 0001')).toBe('+60321410001');
    expect(normalisePhone('0065 9123 4567')).toBe('+6591234567');
    expect(normalisePhone('+65 9123 4567')).toBe('+6591234567');
  });

  it('refuses what cannot be a phone number', () => {
    for (const raw of ['', '12345', 'abc', '+0123456789', '0123', '+601234567890123456', '12-34']) {
      expect(normalisePhone(raw), raw).toBeNull();
    }
    expect(phoneSchema.safeParse('hello').success).toBe(false);
    expect(phoneSchema.parse(' 012 345 6789 ')).toBe('+60123456789');
  });
});

describe('distanceKm', () => {
  it('measures great-circle distances', () => {
    const kl = { lat: 3.1466, lng: 101.7101 };
    const penang = { lat: 5.4164, lng: 100.3327 };
    expect(distanceKm(kl, kl)).toBe(0);
    // Kuala Lumpur to George Town is about 295 km as the crow flies.
    expect(distanceKm(kl, penang)).toBeGreaterThan(285);
    expect(distanceKm(kl, penang)).toBeLessThan(305);
    expect(distanceKm(kl, penang)).toBeCloseTo(distanceKm(penang, kl), 9);
  });
});

describe('mobile schemas', () => {
  const item = { product_id: '0b5f8f9e-6f8e-4a47-8a57-7a6a4c0f1d11', quantity: 1 };

  it('needs a table code for dine in and an address for delivery', () => {
    const base = { outlet_id: item.product_id, items: [item] };
    const dineIn = mobileOrderCreateSchema.safeParse({ ...base, serving_method: 'dine_in' });
    expect(dineIn.error?.issues[0]?.path).toEqual(['table_code']);
    const delivery = mobileOrderCreateSchema.safeParse({ ...base, serving_method: 'delivery' });
    expect(delivery.error?.issues[0]?.path).toEqual(['delivery_address']);
    expect(
      mobileOrderCreateSchema.safeParse({ ...base, serving_method: 'dine_in', table_code: 'T 1' })
        .success,
    ).toBe(false);
    expect(
      mobileOrderCreateSchema.safeParse({ ...base, serving_method: 'dine_in', table_code: 'T-12' })
        .success,
    ).toBe(true);
  });

  it('asks for both coordinates or neither, and never cash online', () => {
    expect(mobileOutletsQuerySchema.safeParse({ lat: '3.1' }).success).toBe(false);
    expect(mobileOutletsQuerySchema.parse({ lat: '3.1', lng: '101.7' })).toEqual({
      lat: 3.1,
      lng: 101.7,
    });
    expect(mobilePayRequestSchema.safeParse({ provider: 'sandbox', method: 'cash' }).success).toBe(
      false,
    );
    expect(mobilePayRequestSchema.parse({ provider: 'sandbox' })).toEqual({
      provider: 'sandbox',
      method: 'card',
      sandbox_outcome: 'paid',
    });
  });
});
