import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { defaultTimezone, tenantFilterSchema, type AuditListQuery } from '@kopi/contract';
import { isPageSize } from '../../components/data-table/table-state';

// The audit log keeps its filters in the URL (a user's page links to their entries with
// ?actor_id=…). Dates are days (YYYY-MM-DD) of the outlets' time zone; the API takes instants
// with an offset, `from` inclusive and `to` exclusive, so "to 23 Nov" asks up to 24 Nov 00:00.

export interface LogFilters {
  q: string;
  actor_id: string;
  action: string;
  entity: string;
  entity_id: string;
  from: string;
  to: string;
  tenant_id: string;
  page: number;
  page_size: number;
}

const textKeys = [
  'q',
  'actor_id',
  'action',
  'entity',
  'entity_id',
  'from',
  'to',
  'tenant_id',
] as const;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export function parseLogParams(params: URLSearchParams): LogFilters {
  const text = (key: (typeof textKeys)[number]) => params.get(key)?.trim() ?? '';
  const page = Number(params.get('page'));
  const size = Number(params.get('page_size'));
  return {
    q: text('q'),
    actor_id: isUuid(text('actor_id')) ? text('actor_id') : '',
    action: text('action'),
    entity: text('entity'),
    entity_id: text('entity_id'),
    from: isDay(text('from')) ? text('from') : '',
    to: isDay(text('to')) ? text('to') : '',
    tenant_id: tenantFilterSchema.safeParse(text('tenant_id')).success ? text('tenant_id') : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    page_size: isPageSize(size) ? size : 10,
  };
}

export function logSearch(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of textKeys) if (filters[key]) params.set(key, filters[key]);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.page_size !== 10) params.set('page_size', String(filters.page_size));
  return params;
}

/** "+08:00": the offset of a time zone on a day (Intl's longOffset, "GMT+08:00"). */
export function zoneOffset(day: string, timeZone = defaultTimezone): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(noon)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  return /GMT([+-]\d{2}:\d{2})/.exec(name)?.[1] ?? '+00:00';
}

export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The start of a day in the time zone, as an instant with its offset. */
export const dayStart = (day: string, timeZone = defaultTimezone) =>
  `${day}T00:00:00${zoneOffset(day, timeZone)}`;

/** The API query of the filters (a range whose end is before its start is left out). */
export function toLogQuery(filters: LogFilters): AuditListQuery {
  const badRange = Boolean(filters.from && filters.to && filters.to < filters.from);
  return {
    page: filters.page,
    page_size: filters.page_size,
    q: filters.q || undefined,
    actor_id: filters.actor_id || undefined,
    action: filters.action || undefined,
    entity: filters.entity || undefined,
    entity_id: filters.entity_id || undefined,
    from: filters.from && !badRange ? dayStart(filters.from) : undefined,
    to: filters.to && !badRange ? dayStart(nextDay(filters.to)) : undefined,
    tenant_id: (filters.tenant_id || undefined) as AuditListQuery['tenant_id'],
  };
}

export function useLogParams() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseLogParams(params), [params]);
  const update = useCallback(
    (patch: Partial<LogFilters>) =>
      setParams(
        (previous) => {
          const current = parseLogParams(previous);
          const paging = Object.keys(patch).every((k) => k === 'page');
          return logSearch({ ...current, ...(paging ? {} : { page: 1 }), ...patch });
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, update };
}
