// Dates on the business clock of the demo outlets (Kuala Lumpur), as the journeys type them.

/** The date in Kuala Lumpur `days` from today, ISO (YYYY-MM-DD). */
export function klIsoDate(days: number) {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kuala_Lumpur',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The date in Kuala Lumpur `days` from today, as the date fields take it (YYYY/MM/DD). */
export const klFormDate = (days: number) => klIsoDate(days).replaceAll('-', '/');
