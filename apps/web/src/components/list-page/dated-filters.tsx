import type { ReactNode } from 'react';
import { DateRangeFields, type DateRangeFieldsProps } from '../date-field/date-range-fields';
import { ClearFiltersButton } from './clear-filters-button';

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
