import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { pageSizes } from '@kopi/contract';
import { useTranslation } from '../../lib/i18n/use-translation';
import { EmptyState } from '../empty-state';
import type { SortState } from './table-state';
import { fitTable, noWrap, priorityProps, type ColumnPriority } from './fit-table';
import { SearchBox } from './search-box';

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /**
   * `low`: the column gives way on a tablet (600–1279 px) so the number, status, amount and
   * buttons stay in view. Only for what the row's details (or its edit form) also show.
   */
  priority?: ColumnPriority;
  /** The cell stays on one line: a record's number, an amount, a time. */
  nowrap?: boolean;
}

/** A list's last column: the row's buttons, right-aligned under `header`. */
export const actionsColumn = <T,>(
  header: string,
  cell: (row: T) => ReactNode,
): DataTableColumn<T> => ({ id: 'actions', header, align: 'right', cell });

/** Row selection for bulk actions: the ids selected on the current page. */
export interface DataTableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Accessible names of the checkboxes (the feature's own words). */
  allLabel: string;
  rowLabel: (row: T) => string;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Total rows on the server (meta.total). */
  total: number;
  /** 1-based, as the API counts pages. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  sort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  search?: string;
  /** Called 300 ms after typing stops, unless the user has meanwhile gone to another page. */
  onSearchChange?: (q: string) => void;
  /** Filter controls shown beside the search box. */
  filters?: ReactNode;
  actions?: ReactNode;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyMessage?: string;
  testId?: string;
  selection?: DataTableSelection<T>;
  /** Opens a row (e.g. its details); clicks on links, buttons and inputs inside keep their own. */
  onRowClick?: (row: T) => void;
  /** Test id of each row (e.g. `order-row-<number>`). */
  rowTestId?: (row: T) => string;
  /** Accessible name and placeholder of the search box (default "Search"). */
  searchLabel?: string;
  searchTestId?: string;
}

/** On a phone the pager's parts wrap onto a second line rather than run off the screen. */
const pagerFits = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;

/** Server-paged table: page sizes of SPEC §9, sort, search, filters, loading/empty/error states. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  sort,
  onSortChange,
  search,
  onSearchChange,
  filters,
  actions,
  loading = false,
  error,
  onRetry,
  emptyMessage,
  testId = 'data-table',
  selection,
  onRowClick,
  rowTestId,
  searchLabel,
  searchTestId,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const showToolbar = Boolean(onSearchChange || filters || actions);
  const span = columns.length + (selection ? 1 : 0);
  const pageIds = rows.map(rowKey);
  const selectedOnPage = selection ? pageIds.filter((id) => selection.selected.has(id)).length : 0;
  const toggleRow = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  const toggleAll = () => {
    if (!selection) return;
    const allOn = pageIds.length > 0 && selectedOnPage === pageIds.length;
    selection.onChange(allOn ? new Set() : new Set(pageIds));
  };

  const toggleSort = (column: DataTableColumn<T>) => {
    if (!onSortChange) return;
    if (sort?.by !== column.id) onSortChange({ by: column.id, direction: 'asc' });
    else if (sort.direction === 'asc') onSortChange({ by: column.id, direction: 'desc' });
    else onSortChange(null);
  };

  let body: ReactNode;
  if (error) {
    body = (
      <TableRow>
        <TableCell colSpan={span}>
          <Alert
            severity="error"
            data-testid={`${testId}-error`}
            action={
              onRetry && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  {t('common.retry')}
                </Button>
              )
            }
          >
            {t('dataTable.error')}
          </Alert>
        </TableCell>
      </TableRow>
    );
  } else if (loading) {
    body = Array.from({ length: Math.min(pageSize, 5) }, (_, i) => (
      <TableRow key={`skeleton-${i}`} data-testid={`${testId}-skeleton`}>
        {selection && <TableCell padding="checkbox" />}
        {columns.map((column) => (
          <TableCell key={column.id} {...priorityProps(column.priority)}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={span}>
          <EmptyState message={emptyMessage ?? t('dataTable.empty')} testId={`${testId}-empty`} />
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow
        key={rowKey(row)}
        hover
        selected={selection?.selected.has(rowKey(row)) || undefined}
        data-testid={rowTestId?.(row)}
        onClick={
          onRowClick
            ? (event) => {
                const target = event.target as HTMLElement;
                if (target.closest('a, button, input, label, [role="checkbox"]')) return;
                onRowClick(row);
              }
            : undefined
        }
        sx={onRowClick ? { cursor: 'pointer' } : undefined}
      >
        {selection && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={selection.selected.has(rowKey(row))}
              onChange={() => toggleRow(rowKey(row))}
              slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
            />
          </TableCell>
        )}
        {columns.map((column) => (
          <TableCell
            key={column.id}
            align={column.align}
            data-label={column.header}
            {...priorityProps(column.priority)}
            sx={column.nowrap ? noWrap : undefined}
          >
            {column.cell(row)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <Box data-testid={testId}>
      {showToolbar && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', p: 2 }}>
          {onSearchChange && (
            <SearchBox
              value={search ?? ''}
              onChange={onSearchChange}
              label={searchLabel ?? t('dataTable.search')}
              testId={searchTestId}
            />
          )}
          {filters}
          <Box sx={{ flexGrow: 1 }} />
          {actions}
        </Box>
      )}
      {/* On a phone each row is a stack of "header: value" lines; on a tablet low-priority
          columns give way. */}
      <TableContainer sx={fitTable()}>
        <Table aria-label={label} aria-busy={loading || undefined}>
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                    indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                    disabled={pageIds.length === 0}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': selection.allLabel } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  {...priorityProps(column.priority)}
                  // A heading wraps between its words before its column pushes others away.
                  sx={{ width: column.width, fontWeight: 600 }}
                  sortDirection={sort?.by === column.id ? sort.direction : false}
                >
                  {column.sortable && onSortChange ? (
                    <TableSortLabel
                      active={sort?.by === column.id}
                      direction={sort?.by === column.id ? sort.direction : 'asc'}
                      onClick={() => toggleSort(column)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, page - 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_, next) => onPageChange(next + 1)}
        onRowsPerPageChange={(e) => onPageSizeChange(Number(e.target.value))}
        labelRowsPerPage={t('dataTable.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          t('dataTable.displayedRows', { from, to, count })
        }
        sx={pagerFits}
      />
    </Box>
  );
}
