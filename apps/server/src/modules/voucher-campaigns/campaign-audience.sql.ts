import type { CampaignAudienceKind } from '@kopi/contract';
import { sql, type SQL } from 'drizzle-orm';
import { sameTenant } from '../../db/tenant-scope';
import { customerOrders } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';

// A campaign's audience as a condition on `c` (customers): who is in it, as of one moment
// (`asOf`, when the campaign went live), so a job that runs again resolves the same people.

export interface Audience {
  tenantId: string;
  kind: CampaignAudienceKind;
  tierId: string | null;
  days: number | null;
  phones: string[];
  /** The moment the audience is taken at (ISO). */
  asOf: string;
  /** The birthday month (1–12), for audience birthday_month. */
  month: number;
}

const DAY_MS = 86_400_000;

/** `c` (customers) is in the audience. */
export function inAudience(a: Audience): SQL {
  const asOf = sql`${a.asOf}::timestamptz`;
  const since = sql`${new Date(Date.parse(a.asOf) - (a.days ?? 0) * DAY_MS).toISOString()}::timestamptz`;
  const base = sql`c.tenant_id = ${a.tenantId}::uuid and c.status = 'active'
    and c.anonymised_at is null and c.created_at <= ${asOf}`;
  switch (a.kind) {
    case 'all':
      return base;
    case 'tier':
      return sql`${base} and c.tier_id = ${a.tierId}::uuid`;
    // Joined within the last N days: exactly N days before counts, a moment earlier does not.
    case 'new_customers':
      return sql`${base} and c.created_at >= ${since}`;
    case 'birthday_month':
      return sql`${base} and c.birthday is not null and extract(month from c.birthday) = ${a.month}`;
    // No order in the last N days: an order exactly N days before is not in them.
    case 'inactive':
      return sql`${base} and not exists (select 1 from ${customerOrders} co
        join ${orders} o on o.id = co.order_id and ${sameTenant('o', 'co')}
        where ${sameTenant('co', 'c')} and co.customer_id = c.id
          and o.created_at > ${since} and o.created_at <= ${asOf})`;
    case 'phone_list': {
      const phones = a.phones.length > 0 ? a.phones : ['-'];
      return sql`${base} and c.phone = any(array[${sql.join(
        phones.map((p) => sql`${p}`),
        sql`, `,
      )}]::text[])`;
    }
  }
}
