import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Chip from '@mui/material/Chip';
import { MemoryRouter, Route, useNavigate, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { slowPage } from '../../test/slow-page';
import { DataTable, type DataTableProps } from './data-table';
import { sortParam } from './table-state';

interface Row {
  id: string;
  name: string;
}

function renderTable(props: Partial<DataTableProps<Row>> = {}) {
  const handlers = {
    onPageChange: vi.fn(),
    onPageSizeChange: vi.fn(),
    onSortChange: vi.fn(),
    onSearchChange: vi.fn(),
    onRetry: vi.fn(),
  };
  render(
    <DataTable<Row>
      label="Outlets"
      columns={[
        { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
        { id: 'id', header: 'Code', cell: (r) => r.id },
      ]}
      rows={[
        { id: 'KL01', name: 'Kuala Lumpur' },
        { id: 'PG01', name: 'Penang' },
      ]}
      rowKey={(r) => r.id}
      total={42}
      page={1}
      pageSize={10}
      {...handlers}
      {...props}
    />,
    // The search box checks, before searching, that the user has not left the page.
    { wrapper: MemoryRouter },
  );
  return handlers;
}

describe('data table', () => {
  it('shows rows and the server total, and pages', async () => {
    const { onPageChange } = renderTable();
    expect(screen.getByRole('table', { name: 'Outlets' })).toBeInTheDocument();
    expect(screen.getByText('Kuala Lumpur')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 42')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers the page sizes 5, 10, 20, 25, 50, 100', async () => {
    const { onPageSizeChange } = renderTable();
    await userEvent.click(screen.getByRole('combobox'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['5', '10', '20', '25', '50', '100']);
    await userEvent.click(options[4]!);
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('sorts ascending, descending, then off', async () => {
    const { onSortChange } = renderTable({ sort: { by: 'name', direction: 'asc' } });
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenCalledWith({ by: 'name', direction: 'desc' });
    expect(sortParam({ by: 'name', direction: 'desc' })).toBe('-name');
    expect(sortParam({ by: 'name', direction: 'asc' })).toBe('name');
  });

  it('searches after typing stops', async () => {
    const { onSearchChange } = renderTable({ search: '' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'pen');
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith('pen'));
    expect(onSearchChange).toHaveBeenCalledTimes(1);
  });

  it('shows a loading skeleton', () => {
    renderTable({ loading: true, rows: [] });
    expect(screen.getAllByTestId('data-table-skeleton').length).toBeGreaterThan(0);
  });

  it('shows an empty state', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByTestId('data-table-empty')).toHaveTextContent('No records found');
  });

  it('shows an error with retry', async () => {
    const { onRetry } = renderTable({ error: new Error('boom') });
    expect(screen.getByTestId('data-table-error')).toHaveTextContent(
      'The records could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('opens a row on click (not when a link or button inside is clicked) and names rows', async () => {
    const onRowClick = vi.fn();
    renderTable({
      onRowClick,
      rowTestId: (r) => `row-${r.id}`,
      columns: [
        { id: 'name', header: 'Name', cell: (r) => r.name },
        { id: 'act', header: 'Actions', cell: (r) => <button type="button">Edit {r.name}</button> },
      ],
    });
    await userEvent.click(within(screen.getByTestId('row-PG01')).getByText('Penang'));
    expect(onRowClick).toHaveBeenCalledWith({ id: 'PG01', name: 'Penang' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Kuala Lumpur' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('names each cell by its header, for the lines a phone stacks them in', () => {
    renderTable();
    const row = screen.getByRole('row', { name: /Penang/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.getAttribute('data-label')),
    ).toEqual(['Name', 'Code']);
  });

  it('hides a low-priority column on a tablet (jsdom is 1024 px wide), header and cells alike', () => {
    renderTable({
      columns: [
        { id: 'name', header: 'Name', cell: (r) => r.name },
        { id: 'id', header: 'Code', priority: 'low', cell: (r) => r.id },
      ],
    });
    const table = screen.getByRole('table', { name: 'Outlets' });
    expect(within(table).getByText('Name')).toBeVisible();
    expect(within(table).getByText('Kuala Lumpur')).toBeVisible();
    // Still in the page (a phone's lines show it), out of sight at this width.
    expect(within(table).getByText('Code')).not.toBeVisible();
    expect(within(table).getByText('KL01')).not.toBeVisible();
    expect(within(table).getByText('KL01')).toHaveAttribute('data-priority', 'low');
  });

  it('keeps a number column on one line', () => {
    renderTable({
      columns: [
        { id: 'name', header: 'Name', cell: (r) => r.name },
        { id: 'id', header: 'Code', nowrap: true, cell: (r) => `RF-${r.id}-000004` },
      ],
    });
    expect(getComputedStyle(screen.getByText('RF-KL01-000004')).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(screen.getByText('Kuala Lumpur')).whiteSpace).not.toBe('nowrap');
  });

  it("never cuts a chip's words to an ellipsis: its column is as wide as they are", () => {
    renderTable({
      columns: [
        { id: 'name', header: 'Name', cell: (r) => r.name },
        { id: 'state', header: 'Status', cell: () => <Chip label="Dipulangkan sebahagian" /> },
      ],
    });
    const label = screen.getAllByText('Dipulangkan sebahagian')[0]!;
    expect(label).toHaveClass('MuiChip-label');
    expect(getComputedStyle(label).overflow).toBe('visible');
  });

  it('shows a search changed from outside (back, cleared filters) in the box', () => {
    const props = {
      label: 'Outlets',
      columns: [{ id: 'name', header: 'Name', cell: (r: Row) => r.name }],
      rows: [] as Row[],
      rowKey: (r: Row) => r.id,
      total: 0,
      page: 1,
      pageSize: 10,
      onPageChange: vi.fn(),
      onPageSizeChange: vi.fn(),
      onSearchChange: vi.fn(),
      searchLabel: 'Search outlets',
      searchTestId: 'outlet-search',
    };
    const { rerender } = render(<DataTable<Row> {...props} search="KL" />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByRole('searchbox', { name: 'Search outlets' })).toHaveValue('KL');
    rerender(<DataTable<Row> {...props} search="" />);
    expect(screen.getByTestId('outlet-search')).toHaveValue('');
  });

  it('opens the row clicked while a search typed just before is still waiting', async () => {
    // As in the app, the row's page loads lazily inside a transition: the list stays mounted until
    // it has loaded, and its search (applied 300 ms after typing, into the URL) must not undo the
    // click.
    const { SlowDetails, release } = slowPage();
    function ListPage() {
      const [params, setParams] = useSearchParams();
      const navigate = useNavigate();
      return (
        <DataTable<Row>
          label="Outlets"
          columns={[{ id: 'name', header: 'Name', cell: (r) => r.name }]}
          rows={[{ id: 'PG01', name: 'Penang' }]}
          rowKey={(r) => r.id}
          rowTestId={(r) => `row-${r.id}`}
          onRowClick={(r) => void navigate(`/outlets/${r.id}`)}
          total={1}
          page={1}
          pageSize={10}
          onPageChange={vi.fn()}
          onPageSizeChange={vi.fn()}
          search={params.get('q') ?? ''}
          onSearchChange={(q) => setParams(q ? { q } : {}, { replace: true })}
        />
      );
    }
    renderWithProviders(<ListPage />, {
      route: '/outlets',
      path: '/outlets',
      extraRoutes: <Route path="/outlets/:id" element={<SlowDetails />} />,
    });
    const location = () => screen.getByTestId('location').textContent;
    const box = screen.getByRole('searchbox', { name: 'Search' });
    // On the page, the search goes into the URL.
    await userEvent.type(box, 'Pe');
    await waitFor(() => expect(location()).toBe('/outlets?q=Pe'));
    await userEvent.type(box, 'n');
    await userEvent.click(within(screen.getByTestId('row-PG01')).getByText('Penang'));
    // The search's moment passes while the page is still loading.
    await new Promise((resolve) => setTimeout(resolve, 400));
    act(() => release());
    expect(await screen.findByText('details')).toBeInTheDocument();
    expect(location()).toBe('/outlets/PG01');
  });
});
