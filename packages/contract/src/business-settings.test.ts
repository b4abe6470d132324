import { describe, expect, it } from 'vitest';
import { businessSettingKeys, businessSettingsInputSchema } from './business-settings';

const settings = {
  sst_registration_no: 'W10-1808-32000123',
  service_tax_rate_bp: 600,
  service_charge_taxable: true,
  service_charge_rate_bp: 1000,
  service_charge_methods: ['dine_in'],
  cash_rounding: true,
  brn: '202301012345',
  tin: null,
  receipt_header: ' Halal certified ',
  receipt_footer: null,
  receipt_header_my: ' Disahkan halal ',
  receipt_footer_my: null,
  shifts_required: true,
  shift_variance_tolerance: 500,
  manual_discount_max_bp: 2000,
  shift_blind_count: false,
  cash_out_approval_over: null,
  business_day_cutoff_hour: 4,
};

describe('business settings input', () => {
  it('accepts the settings, trimming texts', () => {
    const parsed = businessSettingsInputSchema.parse(settings);
    expect(parsed.receipt_header).toBe('Halal certified');
    expect(parsed.receipt_header_my).toBe('Disahkan halal');
  });

  it('refuses rates outside 0–100% and cut-off hours outside 0–23, in percent words', () => {
    const result = businessSettingsInputSchema.safeParse({
      ...settings,
      service_tax_rate_bp: 10_001,
      service_charge_rate_bp: -1,
      business_day_cutoff_hour: 24,
      shift_variance_tolerance: 100_001,
      manual_discount_max_bp: 10_001,
    });
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      service_tax_rate_bp: 'validation.max_value?max=100',
      service_charge_rate_bp: 'validation.min_value?min=0',
      business_day_cutoff_hour: 'validation.max_value?max=23',
      shift_variance_tolerance: 'validation.max_value?max=1000',
      manual_discount_max_bp: 'validation.max_value?max=100',
    });
  });

  it('names every setting once', () => {
    expect(new Set(businessSettingKeys).size).toBe(Object.keys(settings).length);
  });
});
