import type { TenantAppFeature } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import {
  choiceOf,
  filterCatalogue,
  filterSwitches,
  matchesSearch,
  ownOutletSettings,
  pageOf,
  switchValueOf,
} from './feature-list';

const outlet = (id: string, own: boolean | null) => ({
  outlet_id: id,
  outlet_code: id.toUpperCase(),
  outlet_name: id,
  switch: own,
  enabled: own ?? true,
  source: own === null ? ('tenant' as const) : ('outlet' as const),
  offered: true,
});

const feature = (
  code: TenantAppFeature['code'],
  values: Partial<TenantAppFeature> = {},
): TenantAppFeature => ({
  code,
  name_en: code,
  name_my: code,
  description_en: '',
  description_my: '',
  default_enabled: true,
  locked: false,
  per_outlet: false,
  tenant_switch: null,
  enabled: true,
  source: 'platform',
  outlets: [],
  ...values,
});

const delivery = feature('delivery', {
  name_en: 'Delivery',
  name_my: 'Penghantaran',
  description_en: 'Riders bring the order',
  per_outlet: true,
  outlets: [outlet('kl', null), outlet('pg', false), outlet('jb', true)],
});
const pickUp = feature('pick_up', {
  name_en: 'Pick Up',
  name_my: 'Ambil Sendiri',
  per_outlet: true,
});
const wallet = feature('wallet', {
  name_en: 'Wallet',
  name_my: 'Dompet',
  enabled: false,
  tenant_switch: false,
  source: 'tenant',
});
const all = [delivery, pickUp, wallet];

describe('feature list', () => {
  it('turns a switch into the three-way choice and back', () => {
    expect([null, true, false].map(choiceOf)).toEqual(['inherit', 'on', 'off']);
    expect((['inherit', 'on', 'off'] as const).map(switchValueOf)).toEqual([null, true, false]);
  });

  it('searches the code and both languages’ names and descriptions', () => {
    expect(matchesSearch(delivery, 'penghantaran')).toBe(true);
    expect(matchesSearch(delivery, 'RIDERS')).toBe(true);
    expect(matchesSearch(pickUp, 'pick up')).toBe(true);
    expect(matchesSearch(pickUp, 'pick_up')).toBe(true);
    expect(matchesSearch(wallet, 'dompet ')).toBe(true);
    expect(matchesSearch(wallet, 'delivery')).toBe(false);
    expect(matchesSearch(wallet, '  ')).toBe(true);
  });

  it('filters by the value for the business and by whether it is set per outlet', () => {
    const none = { q: '', value: '', scope: '' };
    expect(filterSwitches(all, none)).toEqual(all);
    expect(filterSwitches(all, { ...none, value: 'off' })).toEqual([wallet]);
    expect(filterSwitches(all, { ...none, value: 'on', scope: 'outlet' })).toEqual([
      delivery,
      pickUp,
    ]);
    expect(filterSwitches(all, { ...none, scope: 'business' })).toEqual([wallet]);
    expect(filterSwitches(all, { ...none, q: 'ambil' })).toEqual([pickUp]);
  });

  it('filters the catalogue by its default and its lock', () => {
    const catalogue = [
      { ...delivery, default_enabled: false, locked: true, updated_at: '' },
      { ...wallet, updated_at: '' },
    ];
    const none = { q: '', value: '', lock: '' };
    expect(filterCatalogue(catalogue, { ...none, value: 'off' })).toEqual([catalogue[0]]);
    expect(filterCatalogue(catalogue, { ...none, lock: 'changeable' })).toEqual([catalogue[1]]);
    expect(filterCatalogue(catalogue, { ...none, lock: 'locked', q: 'wallet' })).toEqual([]);
  });

  it('pages the list on screen and counts the outlets with a setting of their own', () => {
    expect(pageOf(all, 1, 2)).toEqual([delivery, pickUp]);
    expect(pageOf(all, 2, 2)).toEqual([wallet]);
    expect(pageOf(all, 3, 2)).toEqual([]);
    expect(ownOutletSettings(delivery)).toBe(2);
    expect(ownOutletSettings(wallet)).toBe(0);
  });
});
