import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';

interface Row {
  id: string;
  name: string;
}
const rows: Row[] = [
  { id: 'a', name: 'Kopi O' },
  { id: 'b', name: 'Teh Tarik' },
];

function renderTable(selected: string[], onChange = vi.fn()) {
  render(
    <DataTable<Row>
      label="Products"
      columns={[{ id: 'name', header: 'Name', cell: (r) => r.name }]}
      rows={rows}
      rowKey={(r) => r.id}
      total={2}
      page={1}
      pageSize={10}
      onPageChange={vi.fn()}
      onPageSizeChange={vi.fn()}
      selection={{
        selected: new Set(selected),
        onChange,
        allLabel: 'Select all',
        rowLabel: (r) => `Select ${r.name}`,
      }}
    />,
  );
  return onChange;
}

describe('data table selection', () => {
  it('selects one row, adding to what is selected', async () => {
    const onChange = renderTable(['a']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Teh Tarik' }));
    expect(onChange).toHaveBeenCalledWith(new Set(['a', 'b']));
  });

  it('selects every row of the page, or clears them when all are selected', async () => {
    const none = renderTable([]);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(none).toHaveBeenCalledWith(new Set(['a', 'b']));
  });

  it('shows a partly selected page as indeterminate', () => {
    renderTable(['b']);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    expect(screen.getByRole('checkbox', { name: 'Select Teh Tarik' })).toBeChecked();
  });

  it('clears the page when every row is selected', async () => {
    const onChange = renderTable(['a', 'b']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onChange).toHaveBeenCalledWith(new Set());
  });
});
