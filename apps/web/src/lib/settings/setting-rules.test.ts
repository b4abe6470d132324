import { uiSettingsSchema } from '@kopi/contract';
import { describe, expect, it } from 'vitest';
import { settingRules } from './setting-rules';

// The plain checks read cookies before zod loads: they must accept exactly what the contract's
// schema accepts, key by key.

const candidates: unknown[] = [
  'light',
  'dark',
  'system',
  'default',
  'bordered',
  'boxed',
  'fluid',
  'vertical',
  'horizontal',
  'sticky',
  'hidden',
  'static',
  'ltr',
  'rtl',
  'en',
  'my',
  'ms',
  'Light',
  '',
  ' dark',
  '#7A9E7E',
  '#7a9e7e',
  '#7A9E7',
  '#7A9E7EE',
  '7A9E7E',
  '#GGGGGG',
  'red',
  true,
  false,
  'true',
  0,
  1,
  15,
  240,
  241,
  -1,
  1.5,
  '15',
  null,
  undefined,
  {},
  [],
];

describe('setting rules', () => {
  it('cover every key of the schema', () => {
    expect(Object.keys(settingRules).sort()).toEqual(Object.keys(uiSettingsSchema.shape).sort());
  });

  it.each(Object.keys(uiSettingsSchema.shape))('%s accepts what the schema accepts', (key) => {
    const rule = settingRules[key as keyof typeof settingRules];
    for (const value of candidates) {
      if (value === undefined) continue; // the schema's keys are optional; the store skips undefined
      const schema = uiSettingsSchema.safeParse({ [key]: value }).success;
      expect(rule(value), `${key} = ${JSON.stringify(value)}`).toBe(schema);
    }
  });
});
