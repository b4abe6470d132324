import { addDays } from '@kopi/contract';

// How the usage views write dates and ranges: business dates YYYY/MM/DD (SPEC §9), and the
// default range, the last seven business days up to today.

export const dayLabel = (iso: string) => iso.replaceAll('-', '/');

export const lastSevenDays = (today: string) => ({ from: addDays(today, -6), to: today });

/** A rate in basis points as a percentage with up to two decimals: 3333 → "33.33%". */
export const rateLabel = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
