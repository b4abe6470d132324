import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

// One way for every table to fit its screen. Below 600 px (a phone) each row is a stack of
// "header: value" lines; from 600 px up to 1280 px (a tablet, a small laptop: some 550 to 970 px
// of content beside the menu) the columns marked low priority give way, so the identifying
// number, the status, the amount and the row's buttons stay in view. CSS only: the lines reuse
// the columns' own cells, and a hidden column is still in the page for the row's details.

/** How soon a column gives way: `low` is hidden on a tablet (shown on a phone's lines). */
export type ColumnPriority = 'low';

/** The attributes of a low-priority column's cells (header and body alike). */
export const lowPriority = { 'data-priority': 'low' } as const;

/** The attributes of a cell whose priority is `priority` (none for a column always shown). */
export const priorityProps = (priority: ColumnPriority | undefined) =>
  priority === 'low' ? lowPriority : {};

/** Keeps a record's number, an amount or a time on one line at every width. */
export const noWrap = { whiteSpace: 'nowrap' } as const;

/** A column of a table built by hand: its header's words, or its words and priority. */
export type FitColumn = string | { label: string; priority?: ColumnPriority };

const labelOf = (column: FitColumn) => (typeof column === 'string' ? column : column.label);
const isLow = (column: FitColumn) => typeof column !== 'string' && column.priority === 'low';

/**
 * The container's styles of a fitting table. Each line's name is its cell's `data-label`, or the
 * given columns' words by position (a table whose cells carry none); a cell marked
 * `data-priority="low"`, or in a low-priority column of `columns`, gives way on a tablet.
 */
export const fitTable =
  (columns: readonly FitColumn[] = []): ((theme: Theme) => SystemStyleObject<Theme>) =>
  (theme) => ({
    // A chip's words shrink to an ellipsis by default, so a squeezed column cut a status
    // ("Dipulangkan sebahagian"); in a table the column is as wide as its chips' words instead.
    '& td .MuiChip-label': { overflow: 'visible' },
    [theme.breakpoints.between('sm', 'lg')]: {
      '& [data-priority="low"]': { display: 'none' },
      // Half the gap between columns; the table's outer edges keep theirs.
      '& :is(th, td):not(.MuiTableCell-paddingCheckbox)': { px: 1 },
      '& :is(th, td):first-of-type:not(.MuiTableCell-paddingCheckbox)': { pl: 2 },
      '& :is(th, td):last-of-type:not(.MuiTableCell-paddingCheckbox)': { pr: 2 },
      // A row of one cell across the table (a message, a placeholder) keeps it.
      ...Object.fromEntries(
        columns.flatMap((column, i) =>
          isLow(column)
            ? [[`& tbody td:nth-of-type(${i + 1}):not([colspan])`, { display: 'none' }]]
            : [],
        ),
      ),
    },
    [theme.breakpoints.down('sm')]: {
      // The header row stays for screen readers, out of sight.
      '& thead': {
        display: 'block',
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      },
      // A totals row (tfoot) stacks like the others.
      '& table, & tbody, & tfoot, & tbody tr, & tfoot tr': { display: 'block', width: '100%' },
      '& tbody tr, & tfoot tr': { py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
      // The name floats left, the value (one or several lines) sits right after it.
      '& tbody td, & tfoot td': {
        display: 'flow-root',
        // A column's width (set for the wide table) means nothing on a line of its own.
        width: 'auto',
        border: 0,
        py: 0.5,
        px: 2,
        textAlign: 'end',
        overflowWrap: 'anywhere',
      },
      '& tbody td:empty, & tfoot td:empty': { display: 'none' },
      '& tbody td::before, & tfoot td::before': {
        float: 'left',
        maxWidth: '45%',
        marginInlineEnd: theme.spacing(2),
        textAlign: 'start',
        fontWeight: 600,
        color: theme.palette.text.secondary,
      },
      '& td[data-label]::before': { content: 'attr(data-label)' },
      ...Object.fromEntries(
        columns.flatMap((column, i) =>
          labelOf(column)
            ? [
                [
                  `& tbody td:nth-of-type(${i + 1}):not([colspan])::before, & tfoot td:nth-of-type(${i + 1}):not([colspan])::before`,
                  { content: JSON.stringify(labelOf(column)) },
                ],
              ]
            : [],
        ),
      ),
    },
  });
