import { emptyWeek, type Week } from '../features/outlets/hours';

/** A week of opening hours: each day named (0 = Sunday) opens for its `[open, close]` ranges. */
export const weekWith = (days: Partial<Record<number, [string, string][]>>): Week => {
  const week = emptyWeek();
  for (const [day, ranges] of Object.entries(days))
    week[Number(day)] = (ranges ?? []).map(([open, close]) => ({ open, close }));
  return week;
};
