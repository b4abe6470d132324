import { formatMoney } from '../../lib/formatters';

/** A price difference: "+RM 2.00" for a surcharge, "-RM 1.00" for a cheaper option. */
export const formatMoneyDelta = (sen: number) =>
  sen > 0 ? `+${formatMoney(sen)}` : formatMoney(sen);
