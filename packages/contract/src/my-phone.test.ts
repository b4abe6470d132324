import { describe, expect, it } from 'vitest';
import { normaliseMalaysianPhone, optionalMalaysianPhone } from './my-phone';
import { outletInputSchema } from './outlets';

describe('normaliseMalaysianPhone', () => {
  it('accepts mobiles and landlines with or without +60, spaces and dashes, in one form', () => {
    const cases: [string, string][] = [
      ['012-345 6789', '+60 12-345 6789'],
      ['0123456789', '+60 12-345 6789'],
      ['+60 12-345 6789', '+60 12-345 6789'],
      ['60123456789', '+60 12-345 6789'],
      ['+6012-3456789', '+60 12-345 6789'],
      ['0060 12 345 6789', '+60 12-345 6789'],
      ['011-1234 5678', '+60 11-1234 5678'],
      ['03-2141 0001', '+60 3-2141 0001'],
      ['0321410001', '+60 3-2141 0001'],
      ['+60 3-2141 0001', '+60 3-2141 0001'],
      ['(04) 261 0002', '+60 4-261 0002'],
      ['07-222 0003', '+60 7-222 0003'],
      ['082-123456', '+60 8-212 3456'],
    ];
    for (const [raw, normalised] of cases)
      expect(normaliseMalaysianPhone(raw), raw).toBe(normalised);
  });

  it('refuses what is not a Malaysian number', () => {
    for (const raw of [
      'abc',
      '',
      '12345',
      '0123',
      '012-345 67890 1',
      '+65 9123 4567',
      '+1 415 555 0100',
      '00-1234 5678',
      '03-123 456',
      '012 345 678x',
    ]) {
      expect(normaliseMalaysianPhone(raw), raw).toBeNull();
    }
  });
});

describe('optionalMalaysianPhone', () => {
  it('keeps empty as none and stores the normalised form', () => {
    expect(optionalMalaysianPhone.parse('')).toBeNull();
    expect(optionalMalaysianPhone.parse(null)).toBeNull();
    expect(optionalMalaysianPhone.parse(undefined)).toBeNull();
    expect(optionalMalaysianPhone.parse(' 019-876 5432 ')).toBe('+60 19-876 5432');
  });

  it('refuses "abc" with the pattern a number must follow', () => {
    const result = optionalMalaysianPhone.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(
      'validation.pattern?pattern=01x-xxx%20xxxx%20%2F%200x-xxx%20xxxx',
    );
  });
});

describe('outlet input', () => {
  const outlet = { name: 'KLCC', serving_methods: ['pick_up'] };

  it('says an empty code is required, not a pattern', () => {
    for (const code of ['', '   ', undefined]) {
      const result = outletInputSchema.safeParse({ ...outlet, code });
      expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['code', 'validation.required'],
      ]);
    }
    const typed = outletInputSchema.safeParse({ ...outlet, code: 'k' });
    expect(typed.error!.issues[0]!.message).toMatch(/^validation\.pattern/);
  });

  it('normalises the phone and refuses one that is not Malaysian', () => {
    expect(outletInputSchema.parse({ ...outlet, code: 'KL02', phone: '03 2141 0001' }).phone).toBe(
      '+60 3-2141 0001',
    );
    const bad = outletInputSchema.safeParse({ ...outlet, code: 'KL02', phone: 'abc' });
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['phone']);
  });
});
