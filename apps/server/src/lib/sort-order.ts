import { validationError } from './errors';

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
