import { and, eq, sql } from 'drizzle-orm';
import { categories } from '../../db/schema/catalogue';
import { ownedBy } from '../../db/tenant-scope';

// SQL pieces the product repositories share.

/** The tenant's id when the category is theirs, else null (which the NOT NULL column refuses). */
export const categoryTenant = (tenantId: string, categoryId: string) =>
  sql<string>`(select ${categories.tenantId} from ${categories} where ${and(ownedBy(categories, tenantId), eq(categories.id, categoryId))})`;
