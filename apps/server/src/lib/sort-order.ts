import type { Db } from '../db/database';
import { audited } from './audit';
import { validationError } from './errors';
import type { RequestContext } from './request-context';

/**
 * The full order after a reorder request: the ids asked for first, then every other existing
 * one in its old place. An id not among `existing` (another tenant's, or gone) or a repeated id
 * is a 400 that changes nothing.
 */
export function reorderedIds(existing: readonly string[], ids: readonly string[]): string[] {
  const known = new Set(existing);
  const problems = ids.flatMap((id, i) =>
    known.has(id) ? [] : [{ path: `ids.${i}`, message: 'validation.invalid' }],
  );
  if (new Set(ids).size !== ids.length) {
    problems.push({ path: 'ids', message: 'validation.not_unique' });
  }
  if (problems.length > 0) throw validationError(problems);
  const listed = new Set(ids);
  return [...ids, ...existing.filter((id) => !listed.has(id))];
}

/**
 * A tenant's rows of `entity` put in the order a reorder request asks (reorderedIds): `write`
 * numbers them, and the audit log keeps `<entity>.reorder` with the ids before and after.
 */
export async function writeReorder(
  db: Db,
  ctx: RequestContext,
  entity: string,
  existing: string[],
  ids: readonly string[],
  write: (tx: Db, order: string[]) => Promise<unknown>,
): Promise<void> {
  const order = reorderedIds(existing, ids);
  const entry = {
    action: `${entity}.reorder`,
    entity,
    before: { ids: existing },
    after: { ids: order },
  };
  await audited(db, ctx, entry, (tx) => write(tx, order));
}
