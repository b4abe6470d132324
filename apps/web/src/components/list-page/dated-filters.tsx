import type { ComponentProps, ReactNode } from 'react';
import { DateRangeFields, type DateRangeFieldsProps } from '../date-field/date-range-fields';
import { ClearFiltersButton } from './clear-filters-button';
import { OutletFilterSelect } from './filter-select';

/**
 * The filter bar of a list kept in the URL that is filtered by date: `lead` (filters before the
 * dates), the from/to dates, the list's other filters, then "Clear filters" while any is set.
 */
export function DatedFilters({
  lead,
  children,
  filtering,
  clearLabel,
  onClear,
  ...dates
}: DateRangeFieldsProps & {
  lead?: ReactNode;
  children?: ReactNode;
  filtering: boolean;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <>
      {lead}
      <DateRangeFields {...dates} />
      {children}
      <ClearFiltersButton filtering={filtering} label={clearLabel} onClick={onClear} />
    </>
  );
}

/** The words of an outlet's dated list filters, under the feature's `list.` keys. */
type OutletDatedFilterKey =
  `list.${'from' | 'to' | 'badRange' | 'clearFilters' | 'filterOutlet' | 'all'}`;

/**
 * The filter bar of a list of outlets' records by date (orders, refunds): the dates, the outlet
 * where the user may choose one, the list's other `children`, then "Clear filters". Test ids are
 * `<testIdPrefix>-from`, `-to` and `-outlet`.
 */
export function OutletDatedFilters({
  t,
  from,
  to,
  onChange,
  testIdPrefix,
  scope,
  outlet,
  onOutletChange,
  filtering,
  onClear,
  children,
}: Pick<DateRangeFieldsProps, 'from' | 'to' | 'onChange' | 'testIdPrefix'> &
  Pick<ComponentProps<typeof OutletFilterSelect>, 'scope'> & {
    t: (key: OutletDatedFilterKey) => string;
    outlet: string | undefined;
    onOutletChange: (outletId: string | undefined) => void;
    filtering: boolean;
    onClear: () => void;
    children?: ReactNode;
  }) {
  return (
    <DatedFilters
      from={from}
      to={to}
      onChange={onChange}
      labels={{ from: t('list.from'), to: t('list.to'), badRange: t('list.badRange') }}
      testIdPrefix={testIdPrefix}
      filtering={filtering}
      clearLabel={t('list.clearFilters')}
      onClear={onClear}
    >
      <OutletFilterSelect
        scope={scope}
        label={t('list.filterOutlet')}
        value={outlet ?? ''}
        onChange={(v) => onOutletChange(v || undefined)}
        anyLabel={t('list.all')}
        testId={`${testIdPrefix}-outlet`}
      />
      {children}
    </DatedFilters>
  );
}
