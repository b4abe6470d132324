import {
  actionLabels,
  crudActions,
  describePermission,
  subjectLabels,
  type CatalogueEntry,
} from '@kopi/contract';
import { groupByArea, type BilingualText } from '../../lib/permission-catalogue';

// The role editor's permission matrix as data: areas of subject rows × action columns (view,
// create, edit, delete), plus the named permissions beyond CRUD (approve refunds, close the day…)
// as rows of their own with one box in the "other" column. Select-all of a row, a column or an
// area is the same operation on a set of permission strings, tested here without a browser.

export const matrixColumns = [...crudActions, 'other'] as const;
export type MatrixColumn = (typeof matrixColumns)[number];

export interface MatrixRow {
  /** The subject (`status-order`) or, for a named permission, the permission itself. */
  key: string;
  label: BilingualText;
  /** The permission string of each box the row has. */
  cells: Partial<Record<MatrixColumn, string>>;
}

export interface MatrixArea {
  area: string;
  label: BilingualText;
  rows: MatrixRow[];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "the order status board" → "Order status board" (a row heading, not part of a sentence). */
function rowLabel(subject: string): BilingualText {
  const text = (subjectLabels as Record<string, BilingualText | undefined>)[subject];
  if (!text) return { en: subject, my: subject };
  return { en: capitalise(text.en.replace(/^the /, '')), my: capitalise(text.my) };
}

export const columnLabel = (column: MatrixColumn): BilingualText =>
  column === 'other' ? { en: 'Other', my: 'Lain-lain' } : actionLabels[column];

/** The matrix of a catalogue (already narrowed to what the role may hold). */
export function buildMatrix(catalogue: readonly CatalogueEntry[]): MatrixArea[] {
  const isCrud = (action: string) => (crudActions as readonly string[]).includes(action);
  return groupByArea(catalogue, (entry) => entry.area).map((group) => {
    const rows: MatrixRow[] = [];
    for (const entry of group.items) {
      if (isCrud(entry.action)) {
        let row = rows.find((r) => r.key === entry.subject);
        if (!row) {
          row = { key: entry.subject, label: rowLabel(entry.subject), cells: {} };
          rows.push(row);
        }
        row.cells[entry.action as MatrixColumn] = entry.permission;
      } else {
        rows.push({
          key: entry.permission,
          label: describePermission(entry.permission) ?? {
            en: entry.permission,
            my: entry.permission,
          },
          cells: { other: entry.permission },
        });
      }
    }
    return { area: group.area, label: group.label, rows };
  });
}

export const rowPermissions = (row: MatrixRow): string[] =>
  matrixColumns.flatMap((column) => (row.cells[column] ? [row.cells[column]] : []));

export const areaPermissions = (area: MatrixArea): string[] => area.rows.flatMap(rowPermissions);

export const columnPermissions = (areas: readonly MatrixArea[], column: MatrixColumn): string[] =>
  areas.flatMap((area) =>
    area.rows.flatMap((row) => (row.cells[column] ? [row.cells[column]] : [])),
  );

export type GroupState = 'all' | 'some' | 'none';

/** Whether a group's boxes are all, some or none ticked (drives checked / indeterminate). */
export function groupState(
  permissions: readonly string[],
  selected: ReadonlySet<string>,
): GroupState {
  const ticked = permissions.filter((p) => selected.has(p)).length;
  if (permissions.length > 0 && ticked === permissions.length) return 'all';
  return ticked > 0 ? 'some' : 'none';
}

/**
 * Select-all of a group: when every box the user may change is ticked, untick them; otherwise
 * tick them all. Boxes the user may not change (permissions they do not hold) keep their state.
 */
export function toggleGroup(
  selected: ReadonlySet<string>,
  permissions: readonly string[],
  changeable: (permission: string) => boolean = () => true,
): Set<string> {
  const mine = permissions.filter(changeable);
  const next = new Set(selected);
  const allOn = mine.length > 0 && mine.every((p) => selected.has(p));
  for (const p of mine) {
    if (allOn) next.delete(p);
    else next.add(p);
  }
  return next;
}

/** The set with one permission switched. */
export function toggleOne(selected: ReadonlySet<string>, permission: string): Set<string> {
  const next = new Set(selected);
  if (next.has(permission)) next.delete(permission);
  else next.add(permission);
  return next;
}
