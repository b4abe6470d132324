import { addDays } from '@kopi/contract';

/**
 * A range of days as the whole calendar months inside it and the days left at either end, so a
 * long range reads month rollups for most of it.
 */
export function splitByMonth(from: string, to: string) {
  const firstOfNext = (d: string) => {
    const [y, m] = d.split('-').map(Number) as [number, number];
    return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  };
  const months: string[] = [];
  let start = from.endsWith('-01') ? from : firstOfNext(from);
  while (addDays(firstOfNext(start), -1) <= to) {
    months.push(start);
    start = firstOfNext(start);
  }
  if (months.length === 0) return { months, days: [[from, to]] as [string, string][] };
  const days: [string, string][] = [];
  if (months[0]! > from) days.push([from, addDays(months[0]!, -1)]);
  const afterLast = firstOfNext(months.at(-1)!);
  if (afterLast <= to) days.push([afterLast, to]);
  return { months, days };
}
