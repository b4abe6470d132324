import { type PosMenuProduct } from '@kopi/contract';
import {
  filledCart,
  openMoment,
  type Rand,
  type SaleOutlet,
  servingOf,
  tapLine,
} from '../../lib/demo-sales';
import type { CampaignVoucher } from './campaigns-demo-seed-data';

// The counter sales with the demo campaigns' issued codes, rung up as the POS does it
// (lib/demo-sales.ts), for these plainer vouchers: no hours, days or products of their own.

export type { SaleOutlet } from '../../lib/demo-sales';

/** A moment on a day from `first` to `last` (days from `today`) when the outlet takes orders. */
export const saleMoment = (
  first: number,
  last: number,
  outlet: SaleOutlet,
  today: string,
  rand: Rand,
): Date | null => openMoment({ first, last, outlet, today, rand });

/** A cart for the voucher: its free item first when it gives one, then more to the min spend. */
export function campaignCart(
  v: CampaignVoucher,
  menu: PosMenuProduct[],
  ids: { categoryOf: (name: string) => string; productOf: (sku: string) => string },
  rand: Rand,
) {
  const sellable = menu.filter((p) => p.available && !p.sold_out);
  const free = v.freeItem;
  const wanted = !free
    ? sellable
    : free.kind === 'product'
      ? sellable.filter((p) => p.id === ids.productOf(free.sku))
      : sellable.filter((p) => p.category_id === ids.categoryOf(free.category));
  const first = wanted[Math.floor(rand() * wanted.length)];
  return first ? filledCart(tapLine(first, 1), sellable, v.minSpend, rand) : null;
}

/** Dine-in or pick-up, as the outlet offers them, about half and half. */
export const servingAt = (outlet: SaleOutlet, rand: Rand) =>
  servingOf(['dine_in', 'pick_up'], outlet, rand);
