import { z } from 'zod';
import { type ManualDiscountInput, manualDiscountAsked } from './manual-discount';
import { applyRate, cashRoundingAdjustment } from './money';

export const servingMethods = ['dine_in', 'pick_up', 'delivery'] as const;
export const servingMethodSchema = z.enum(servingMethods);
export type ServingMethod = z.infer<typeof servingMethodSchema>;

export const paymentMethods = [
  'cash',
  'card',
  'fpx',
  'duitnow_qr',
  'tng',
  'grabpay',
  'boost',
  'shopeepay',
  'wallet',
] as const;
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
/** Whether a method named as text (a refund's payee, a report row) is a payment method. */
export const isPaymentMethod = (value: string): value is PaymentMethod =>
  paymentMethodSchema.safeParse(value).success;

/** What a counter takes: FPX online banking is paid only online, through a gateway. */
export const counterPaymentMethodSchema = paymentMethodSchema.exclude(['fpx']);
export const counterPaymentMethods = counterPaymentMethodSchema.options;
export type CounterPaymentMethod = z.infer<typeof counterPaymentMethodSchema>;

export interface PricingLine {
  /** Base or outlet price of the product, in sen. */
  unit_price: number;
  /** Price differences of the chosen variant options, in sen (may be negative, e.g. small size). */
  option_prices: readonly number[];
  /** Add-on prices, in sen, each counted once per unit. */
  addon_prices: readonly number[];
  quantity: number;
}

export interface PricingSettings {
  service_charge_rate_bp: number;
  service_charge_methods: readonly ServingMethod[];
  /** SST; 0 for a tenant that is not SST-registered. */
  service_tax_rate_bp: number;
  /** Whether the service charge is part of the SST base (on by default). */
  service_charge_taxable: boolean;
  cash_rounding: boolean;
}

export const defaultPricingSettings: PricingSettings = {
  service_charge_rate_bp: 1_000,
  service_charge_methods: ['dine_in'],
  service_tax_rate_bp: 600,
  service_charge_taxable: true,
  cash_rounding: true,
};

export interface PricingInput {
  lines: readonly PricingLine[];
  /** Voucher discount asked for, in sen; capped at the subtotal. */
  discount: number;
  /**
   * A manual discount given at the counter: turned into sen from the subtotal and taken off
   * with the voucher's, before service charge and SST.
   */
  manual_discount?: Pick<ManualDiscountInput, 'kind' | 'value'> | null;
  serving_method: ServingMethod;
  delivery_fee: number;
  /** Rounding applies when the bill is settled in cash. */
  paid_in_cash: boolean;
  settings: PricingSettings;
}

export interface PricingResult {
  line_totals: number[];
  subtotal: number;
  /** Voucher and manual discount together, never more than the subtotal. */
  discount: number;
  /** The manual discount's part of `discount`, in sen. */
  manual_discount: number;
  service_charge: number;
  service_tax: number;
  delivery_fee: number;
  /** Cash rounding adjustment (−2 … +2 sen), 0 unless paid in cash with rounding on. */
  rounding: number;
  total: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** One unit's price with its options and add-ons (never below zero), as every line is priced. */
export const unitPriceWithChoices = (
  l: Pick<PricingLine, 'unit_price' | 'option_prices' | 'addon_prices'>,
) => Math.max(0, l.unit_price + sum(l.option_prices) + sum(l.addon_prices));

/**
 * The order total of DESIGN §3, step by step. The POS preview and the server's authoritative
 * total both call this, so they cannot disagree.
 */
export function priceOrder(input: PricingInput): PricingResult {
  const { settings } = input;
  const line_totals = input.lines.map((l) => unitPriceWithChoices(l) * l.quantity);
  const subtotal = sum(line_totals);
  const voucher = Math.min(Math.max(0, input.discount), subtotal);
  const manual_discount = Math.min(
    manualDiscountAsked(input.manual_discount, subtotal),
    subtotal - voucher,
  );
  const discount = voucher + manual_discount;
  const afterDiscount = subtotal - discount;
  const service_charge = settings.service_charge_methods.includes(input.serving_method)
    ? applyRate(afterDiscount, settings.service_charge_rate_bp)
    : 0;
  const taxBase = afterDiscount + (settings.service_charge_taxable ? service_charge : 0);
  const service_tax = applyRate(taxBase, settings.service_tax_rate_bp);
  const delivery_fee = input.serving_method === 'delivery' ? Math.max(0, input.delivery_fee) : 0;
  const beforeRounding = afterDiscount + service_charge + service_tax + delivery_fee;
  const rounding =
    input.paid_in_cash && settings.cash_rounding ? cashRoundingAdjustment(beforeRounding) : 0;
  return {
    line_totals,
    subtotal,
    discount,
    manual_discount,
    service_charge,
    service_tax,
    delivery_fee,
    rounding,
    total: beforeRounding + rounding,
  };
}
