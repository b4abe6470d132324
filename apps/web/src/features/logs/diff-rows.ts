import type { AuditChange } from '@kopi/contract';

// Rows of the before/after table of an audit entry: the server's changes (contract `auditDiff`:
// dotted paths, list items added or removed one by one) and, when asked, the fields that stayed
// the same, so a reader sees the whole record with the differences marked.

export type DiffKind = AuditChange['kind'] | 'same';

export interface DiffRow {
  path: string;
  kind: DiffKind;
  before: unknown;
  after: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaf values of a snapshot by dotted path (lists are one value). */
export function flattenSnapshot(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!isPlainObject(value)) {
    if (value !== undefined && value !== null) out.set(prefix || 'value', value);
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(child)) for (const [p, v] of flattenSnapshot(child, path)) out.set(p, v);
    else out.set(path, child);
  }
  return out;
}

/** The path a change belongs to ("permissions[]" belongs to "permissions"). */
const basePath = (path: string) => path.replace(/\[\]$/, '');

export function diffRows(
  changes: readonly AuditChange[],
  before: unknown,
  after: unknown,
  includeUnchanged: boolean,
): DiffRow[] {
  const rows: DiffRow[] = changes.map((c) => ({ ...c }));
  if (!includeUnchanged) return rows;
  const changed = new Set(changes.map((c) => basePath(c.path)));
  const old = flattenSnapshot(before);
  const next = flattenSnapshot(after);
  for (const [path, value] of next) {
    if (changed.has(path) || !old.has(path)) continue;
    rows.push({ path, kind: 'same', before: old.get(path), after: value });
  }
  return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A value as a reader sees it: text as is, lists comma-separated, other objects as JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) {
    return value.map((v) => String(v)).join(', ');
  }
  return JSON.stringify(value);
}
