import { normalisePhone } from '@kopi/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database';
import { orders, orderSearchText } from '../../db/schema/orders';
import { tenantIs } from '../../db/tenant-scope';
import { likePattern } from '../../lib/paging';

// The order list's search (`q`) matches number, customer name and phone anywhere in them, through
// the trigram index. A whole order number or a full phone is instead a btree range of its one
// column: the text and whatever digits may follow it, which is all that text matches anywhere
// in an order number (an outlet code, a hyphen, the day's number of at least four digits) or a
// stored phone (E.164, `+` first). Found the same, without reading every order that shares its
// trigrams (an outlet's code and a number's leading zeros are in most of them).

/** An outlet code (A–Z, 0–9, 2–8), a hyphen and a number of at least four digits. */
const WHOLE_ORDER_NO = /^([A-Za-z0-9]{2,8})-\d{4,}$/;
/** A phone as typed: digits, an optional `+` first, spaces, hyphens, dots and brackets. */
const PHONE_AS_TYPED = /^\+?[\d\s\-().]+$/;
/** The fewest digits of a whole Malaysian number (`012-345 6789`): shorter is part of one. */
const FULL_PHONE_DIGITS = 10;

export type ExactSearch =
  { column: 'order_no'; text: string; code: string } | { column: 'customer_phone'; text: string };

/** The exact column and text a search stands for, or null for partial text. */
export function exactSearchOf(q: string): ExactSearch | null {
  const number = WHOLE_ORDER_NO.exec(q);
  if (number) return { column: 'order_no', text: q.toUpperCase(), code: number[1]!.toUpperCase() };
  if (!PHONE_AS_TYPED.test(q) || q.replace(/\D/g, '').length < FULL_PHONE_DIGITS) return null;
  const phone = normalisePhone(q);
  return phone ? { column: 'customer_phone', text: phone } : null;
}

/** Orders whose `column` starts with `text` and goes on, if at all, with digits only. */
function startsWith(column: SQL, text: string): SQL {
  // ':' follows '9' byte-wise: the range holds the text, then the text and any digits.
  return sql`${column} ~>=~ ${text} and ${column} ~<~ ${`${text}:`}`;
}

/**
 * The search condition for `q`. An order number's outlet code could also end a longer code
 * (`KL01` in `AKL01`): then the number is searched anywhere, as partial text is.
 */
export async function searchCondition(db: Db, tenantId: string, q: string): Promise<SQL> {
  const exact = exactSearchOf(q);
  if (exact?.column === 'customer_phone')
    return startsWith(sql`${orders.customerPhone}`, exact.text);
  if (exact?.column === 'order_no') {
    const [longer] = rowsOf<{ found: boolean }>(
      await db.execute(sql`
        select exists (select 1 from outlets o where ${tenantIs('o', tenantId)}
          and length(o.code) > ${exact.code.length} and right(o.code, ${exact.code.length}) = ${exact.code}
        ) as found`),
    );
    if (!longer?.found) return startsWith(sql`${orders.orderNo}`, exact.text);
  }
  return sql`${orderSearchText(orders)} ilike ${likePattern(q)}`;
}
