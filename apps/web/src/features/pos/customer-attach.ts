import type { CounterCustomer, CustomerSummary } from '@kopi/contract';
import type { AttachedCustomer } from './cart';

/** What the cart keeps of a customer found or added at the counter. */
export const attachedCustomer = (
  c: CustomerSummary & Partial<Pick<CounterCustomer, 'notes'>>,
): AttachedCustomer => ({
  id: c.id,
  name: c.name,
  phone: c.phone,
  tier: c.tier ? { name_en: c.tier.name_en, name_my: c.tier.name_my, colour: c.tier.colour } : null,
  points: c.points,
  wallet_balance: c.wallet_balance,
  blocked: c.status === 'disabled',
  notes: c.notes ?? [],
});
