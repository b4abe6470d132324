import { describe, expect, it } from 'vitest';
import { twoStepDisableSchema } from './account';
import { loginRequestSchema } from './auth';
import { sen } from './catalogue';
import { counterTopupCreateSchema } from './counter-topups';
import {
  loyaltySettingsSchema,
  referralSettingsSchema,
  spendTierInputSchema,
  membershipTierInputSchema,
} from './loyalty';
import { mobileRedeemSchema } from './loyalty-mobile';
import { formatRinggit } from './money';
import { bankAccountNumberSchema, refundCreateSchema } from './refunds';
import { cashMovementCreateSchema } from './shifts';
import { senBetween } from './validation';
import { translateValidationMessage } from './validation-texts';

/** The first message a schema gives for `value`, in English. */
function firstMessage(
  schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } },
  value: unknown,
  locale: 'en' | 'my' = 'en',
) {
  const message = schema.safeParse(value).error?.issues[0]?.message ?? '';
  return translateValidationMessage(message, locale);
}

describe('formatRinggit', () => {
  it('shows sen as ringgit with thousands separators and a sign', () => {
    expect(formatRinggit(100_000_000)).toBe('RM 1,000,000.00');
    expect(formatRinggit(100_000)).toBe('RM 1,000.00');
    expect(formatRinggit(5)).toBe('RM 0.05');
    expect(formatRinggit(-500)).toBe('-RM 5.00');
  });
});

describe('senBetween', () => {
  // RM 1.00 to RM 100,000.00, written out: the limits themselves are amounts it takes.
  const field = senBetween(100, 10_000_000);
  it('takes the exact minimum and maximum', () => {
    expect(field.safeParse(100).success).toBe(true);
    expect(field.safeParse(10_000_000).success).toBe(true);
  });
  it('refuses one sen below the minimum and one above the maximum, naming each in ringgit', () => {
    expect(firstMessage(field, 99)).toBe('The minimum amount is RM 1.00');
    expect(firstMessage(field, 10_000_001)).toBe('The maximum amount is RM 100,000.00');
    expect(firstMessage(field, 10_000_001, 'my')).toBe('Amaun maksimum ialah RM 100,000.00');
  });
  it('refuses a fraction of a sen', () => {
    expect(firstMessage(field, 150.5)).toBe('This field must be an integer');
  });
});

describe('money range messages name the range in ringgit', () => {
  const order = '00000000-0000-4000-8000-000000000001';
  it('says the refund amount is too large, not that it is missing', () => {
    const refund = { order_id: order, kind: 'amount', method: 'cash', reason: 'other' };
    const issues = refundCreateSchema.safeParse({ ...refund, amount: 9_999_999_900 }).error?.issues;
    const amount = issues?.find((i) => i.path.join('.') === 'amount');
    expect(translateValidationMessage(amount?.message ?? '', 'en')).toBe(
      'The maximum amount is RM 1,000,000.00',
    );
    expect(translateValidationMessage(amount?.message ?? '', 'my')).toBe(
      'Amaun maksimum ialah RM 1,000,000.00',
    );
  });

  it('says the spend tier threshold is too large in ringgit, and the points one in points', () => {
    const tier = { name_en: 'Gold', name_my: 'Emas', points_per_rm: 100, colour: '#7A9E7E' };
    const spend = spendTierInputSchema.safeParse({ ...tier, threshold: 9_999_999_999_900 });
    expect(translateValidationMessage(spend.error?.issues[0]?.message ?? '', 'en')).toBe(
      'The maximum amount is RM 1,000,000.00',
    );
    const points = membershipTierInputSchema.safeParse({ ...tier, threshold: 99_999_999_999 });
    expect(translateValidationMessage(points.error?.issues[0]?.message ?? '', 'en')).toBe(
      'Maximal value is 100,000,000',
    );
  });

  it("says the referral's minimum first order in ringgit", () => {
    const settings = {
      enabled: true,
      referrer_reward_kind: 'wallet',
      referrer_reward_amount: 500,
      referee_reward_kind: 'wallet',
      referee_reward_amount: 500,
    };
    const issue = referralSettingsSchema.safeParse({ ...settings, min_order: 100_000_100 }).error
      ?.issues[0];
    expect(translateValidationMessage(issue?.message ?? '', 'en')).toBe(
      'The maximum amount is RM 10,000.00',
    );
  });

  it('says the loyalty settings ranges in ringgit', () => {
    const settings = {
      wallet_max_balance: 100_000,
      topup_presets: [1000],
      adjustment_limit: 5000,
      tier_basis: 'points',
      points_expiry_months: 12,
      redeem_points: 100,
    };
    expect(firstMessage(loyaltySettingsSchema, { ...settings, redeem_value: 0 })).toBe(
      'The minimum amount is RM 0.01',
    );
    const over = { ...settings, redeem_value: 100, wallet_max_balance: 10_000_001 };
    expect(firstMessage(loyaltySettingsSchema, over)).toBe('The maximum amount is RM 100,000.00');
  });

  it('says a price range in ringgit: RM 0.00 to RM 1,000,000.00, the limits themselves taken', () => {
    expect(sen.safeParse(0).success).toBe(true);
    expect(sen.safeParse(100_000_000).success).toBe(true);
    expect(firstMessage(sen, 100_000_001)).toBe('The maximum amount is RM 1,000,000.00');
    expect(firstMessage(sen, -1)).toBe('The minimum amount is RM 0.00');
  });

  it('says the top-up and cash movement ranges in ringgit', () => {
    const topup = { outlet_id: order, method: 'cash' };
    const low = counterTopupCreateSchema.safeParse({ ...topup, amount: 50 }).error?.issues[0];
    expect(translateValidationMessage(low?.message ?? '', 'en')).toBe(
      'The minimum amount is RM 1.00',
    );
    const move = { kind: 'cash_in', reason: 'petty_cash' };
    expect(firstMessage(cashMovementCreateSchema, { ...move, amount: 10_000_001 })).toBe(
      'The maximum amount is RM 100,000.00',
    );
  });
});

describe('other ranges say why', () => {
  it('says the tier multiplier and benefits limits', () => {
    const tier = { name_en: 'Gold', name_my: 'Emas', threshold: 0, colour: '#7A9E7E' };
    expect(firstMessage(membershipTierInputSchema, { ...tier, points_per_rm: 10_001 })).toBe(
      'Maximal value is 100',
    );
    const long = { ...tier, points_per_rm: 100, benefits_en: 'x'.repeat(501) };
    expect(firstMessage(membershipTierInputSchema, long, 'my')).toBe('Panjang maksimum ialah 500');
  });

  it('says the minimum when redeeming 0 points', () => {
    expect(firstMessage(mobileRedeemSchema, { points: 0 })).toBe('Minimal value is 1');
    expect(firstMessage(mobileRedeemSchema, { points: 1.5 })).toBe('This field must be an integer');
  });

  it('says the maximum length of a very long password', () => {
    const long = 'a'.repeat(1_000_000);
    expect(firstMessage(loginRequestSchema, { username: 'ali', password: long })).toBe(
      'The maximum length is 128',
    );
    expect(firstMessage(twoStepDisableSchema, { password: long })).toBe(
      'The maximum length is 128',
    );
  });
});

describe('a bank account number', () => {
  it('drops the spaces and dashes it is written with, and takes 6 and 20 digits', () => {
    expect(bankAccountNumberSchema.parse(' 1140-1234 5678 ')).toBe('114012345678');
    expect(bankAccountNumberSchema.parse('123456')).toBe('123456');
    expect(bankAccountNumberSchema.parse('1'.repeat(20))).toBe('1'.repeat(20));
  });
  it('refuses 5 digits, 21 digits and a letter, saying how many digits it takes', () => {
    for (const v of ['12345', '1'.repeat(21), '12345A7']) {
      expect(firstMessage(bankAccountNumberSchema, v)).toBe('An account number is 6–20 digits');
    }
    expect(firstMessage(bankAccountNumberSchema, '12345', 'my')).toBe(
      'Nombor akaun ialah 6–20 digit',
    );
  });
});
