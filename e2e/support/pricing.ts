// What a sale should cost, worked out by the journey itself from the pricing rule (DESIGN §3,
// decision 052) and the outlet's rates, so a journey checks the server's sums rather than
// repeating them.

/** The tenant's charges as the POS reads them (GET /api/pos/context). */
export interface PosPricing {
  service_charge_rate_bp: number;
  service_charge_methods: string[];
  service_tax_rate_bp: number;
  service_charge_taxable: boolean;
}

/** A rate in basis points of an amount in sen, rounded half-up to the sen (money.ts's applyRate). */
export const halfUp = (sen: number, bp: number) => Math.floor((sen * bp + 5_000) / 10_000);

/**
 * The service charge and SST on `amount` (what is left after any discount) of a sale served
 * `servingMethod`, and its total before cash rounding.
 */
export function chargesOn(amount: number, pricing: PosPricing, servingMethod: string) {
  const charge = pricing.service_charge_methods.includes(servingMethod)
    ? halfUp(amount, pricing.service_charge_rate_bp)
    : 0;
  const tax = halfUp(
    amount + (pricing.service_charge_taxable ? charge : 0),
    pricing.service_tax_rate_bp,
  );
  return { charge, tax, total: amount + charge + tax };
}
