import { type SQL, sql } from 'drizzle-orm';

/**
 * The instants a tenant's business days `from` to `to` run between, as one row: `s`, the first
 * day's cut-off hour, and `e`, the cut-off hour of the day after the last, in the tenant's zone.
 * The body of a `with` for reads of timestamped rows over a range of business days.
 */
export const businessDayBounds = (tenantId: string, from: string, to: string): SQL => sql`
        select (${from}::date + make_interval(hours => t.business_day_cutoff_hour))
                 at time zone t.timezone as s,
               ((${to}::date + 1) + make_interval(hours => t.business_day_cutoff_hour))
                 at time zone t.timezone as e
          from tenants t where t.id = ${tenantId}::uuid`;
