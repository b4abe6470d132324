import type { FieldValues, Path } from 'react-hook-form';
import { InstantField } from './instant-field';
import { FormSectionTitle } from './form-section-title';

/** The words of a schedule, under the feature's `form.` keys (`whenHint` names the zone). */
type ScheduleKey =
  `form.${'when' | 'whenHint' | 'fromDate' | 'fromTime' | 'untilDate' | 'untilTime'}`;

/**
 * When something applies, as a form's section: a heading naming the business clock's zone, then
 * the start and the end as instants. `untilHint` marks the end optional (empty: no end). `testIds`
 * name the start's and the end's fields.
 */
export function ScheduleFields<T extends FieldValues>({
  from,
  until,
  timeZone,
  t,
  untilHint,
  testIds: [fromTestId, untilTestId],
}: {
  from: Path<T>;
  until: Path<T>;
  timeZone: string;
  t: (key: ScheduleKey, params?: Record<string, unknown>) => string;
  untilHint?: string;
  testIds: [string, string];
}) {
  return (
    <>
      <FormSectionTitle title={t('form.when')} hint={t('form.whenHint', { zone: timeZone })} />
      <InstantField<T>
        cell={12}
        name={from}
        timeZone={timeZone}
        dateLabel={t('form.fromDate')}
        timeLabel={t('form.fromTime')}
        testId={fromTestId}
      />
      <InstantField<T>
        cell={12}
        name={until}
        timeZone={timeZone}
        dateLabel={t('form.untilDate')}
        timeLabel={t('form.untilTime')}
        helperText={untilHint}
        optional={untilHint !== undefined}
        testId={untilTestId}
      />
    </>
  );
}
