import {
  type ContentTextField,
  contentTextFields,
  type ContentTextHistoryEntry,
} from '@kopi/contract';
import type { HistoryRow } from './content-texts.repo';

// What changed and who changed it: a text's audit entries as the pages show them. The entries
// hold, before and after, only the fields that changed (see the services), so each becomes a
// short list of "field: before → after".

export type TextFields = Partial<Record<ContentTextField, string | null>>;

/** The fields whose values differ between two snapshots, each side reduced to those fields. */
export function changedFields(before: TextFields, after: TextFields) {
  const changed = contentTextFields.filter((f) => (before[f] ?? null) !== (after[f] ?? null));
  const pick = (side: TextFields) => Object.fromEntries(changed.map((f) => [f, side[f] ?? null]));
  return { changed, before: pick(before), after: pick(after) };
}

const actions = ['override', 'reset', 'create', 'update'] as const;
type HistoryAction = (typeof actions)[number];

const fieldsOf = (value: unknown): TextFields =>
  value && typeof value === 'object' ? (value as TextFields) : {};

const asText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function toHistoryEntry(row: HistoryRow): ContentTextHistoryEntry {
  const verb = row.action.slice(row.action.lastIndexOf('.') + 1);
  const action: HistoryAction = (actions as readonly string[]).includes(verb)
    ? (verb as HistoryAction)
    : 'update';
  const before = fieldsOf(row.before);
  const after = fieldsOf(row.after);
  return {
    id: row.id,
    action,
    actor: row.actor,
    at: row.at.toISOString(),
    changes: contentTextFields
      .filter((field) => field in before || field in after)
      .map((field) => ({ field, before: asText(before[field]), after: asText(after[field]) })),
  };
}
