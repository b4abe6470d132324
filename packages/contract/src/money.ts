// Money is integer sen; rates are basis points (600 = 6%). Never floats.

/** rate (bp) × amount, rounded half-up to the sen once (DESIGN §3). */
export function applyRate(amountSen: number, rateBp: number): number {
  if (amountSen <= 0 || rateBp <= 0) return 0;
  return Math.floor((amountSen * rateBp + 5_000) / 10_000);
}

/**
 * Malaysian cash rounding to the nearest 5 sen: a last digit of 1, 2, 6, 7 rounds down and
 * 3, 4, 8, 9 rounds up. Returns the adjustment (−2 … +2) to add to the total.
 */
export function cashRoundingAdjustment(totalSen: number): number {
  const rest = ((totalSen % 5) + 5) % 5;
  if (rest === 0) return 0;
  return rest <= 2 ? -rest : 5 - rest;
}

export const isSen = (n: number) => Number.isSafeInteger(n);

/** Sen as ringgit the way every screen and message shows it: "RM 1,000,000.00", "-RM 5.00". */
export function formatRinggit(sen: number): string {
  const sign = sen < 0 ? '-' : '';
  const [whole = '0', fraction = '00'] = (Math.abs(sen) / 100).toFixed(2).split('.');
  return `${sign}RM ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
