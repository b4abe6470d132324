import { defaultLocale, type Locale, localeSchema } from '@kopi/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema/access';

/**
 * The language of a file a user exports: the screen's when the web says it, else the one the user
 * saved, else the default. Staff users are global: found by their own id.
 */
export async function exportLocale(db: Db, userId: string, lang?: Locale): Promise<Locale> {
  if (lang) return lang;
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return localeSchema.catch(defaultLocale).parse(row?.language);
}
