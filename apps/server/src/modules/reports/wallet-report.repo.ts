import type { WalletFigures } from '@kopi/contract';
import { sql } from 'drizzle-orm';
import { businessDayBounds } from '../../db/business-days';
import { type Db, rowsOf } from '../../db/database';
import { executePrepared } from '../../db/prepared';
import { tenantIs } from '../../db/tenant-scope';

// The customers' wallets over a range of business days, read from the wallet ledger: top-ups,
// spend, other movements, and what the wallets held at either end (Σ every amount before it:
// each wallet starts at zero). The range runs from its first day's cut-off hour to the one after
// its last day, in the tenant's zone, as the sales figures' business days do.

const num = (v: unknown) => Number(v ?? 0);

export async function walletFigures(
  db: Db,
  tenantId: string,
  from: string,
  to: string,
): Promise<WalletFigures> {
  const [row] = rowsOf<Record<string, unknown>>(
    await executePrepared(
      db,
      sql`
      with b as (${businessDayBounds(tenantId, from, to)}
      ), w as (
        select x.kind, x.amount, x.created_at >= b.s as inside
          from wallet_entries x, b
         where ${tenantIs('x', tenantId)} and x.created_at < b.e
      )
      select count(*) filter (where inside and kind = 'topup') as topups,
        sum(amount) filter (where inside and kind = 'topup') as topup_amount,
        count(*) filter (where inside and kind = 'spend') as spends,
        -sum(amount) filter (where inside and kind = 'spend') as spend,
        sum(amount) filter (where inside and kind not in ('topup', 'spend') and amount > 0)
          as other_credit,
        -sum(amount) filter (where inside and kind not in ('topup', 'spend') and amount < 0)
          as other_debit,
        sum(amount) filter (where not inside) as opening,
        sum(amount) as outstanding
      from w`,
    ),
  );
  return {
    topups: num(row?.topups),
    topup_amount: num(row?.topup_amount),
    spends: num(row?.spends),
    spend: num(row?.spend),
    other_credit: num(row?.other_credit),
    other_debit: num(row?.other_debit),
    opening: num(row?.opening),
    outstanding: num(row?.outstanding),
  };
}
