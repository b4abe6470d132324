import Typography from '@mui/material/Typography';
import { formatInstant } from '../lib/instant';

/** A list's words for a period, under its feature's `list.` keys (`from` and `until` take `at`). */
type PeriodKey = `list.${'from' | 'until' | 'noEnd'}`;

/**
 * When a record runs, on the business clock: "From <start>", then "Until <end>" or, greyed, that it
 * has no end. Lines for the caller's Stack.
 */
export function PeriodLines({
  from,
  until,
  timeZone,
  t,
}: {
  from: string;
  until: string | null;
  timeZone: string;
  t: (key: PeriodKey, params?: Record<string, unknown>) => string;
}) {
  return (
    <>
      <Typography variant="body2">
        {t('list.from', { at: formatInstant(from, timeZone) })}
      </Typography>
      <Typography variant="body2" color={until ? undefined : 'text.secondary'}>
        {until ? t('list.until', { at: formatInstant(until, timeZone) }) : t('list.noEnd')}
      </Typography>
    </>
  );
}
