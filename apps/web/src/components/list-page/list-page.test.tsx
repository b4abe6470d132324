import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { useTableFilters } from '../data-table/use-table-filters';
import { FilterSelect } from './filter-select';
import { ListPage } from './list-page';
import { RowAction } from './row-actions';
import { useEntityEditor } from './use-entity-editor';

describe('list page pieces', () => {
  it('heads the page and shows the add button only when adding is allowed', async () => {
    const onAdd = vi.fn();
    const { rerender } = renderWithProviders(
      <ListPage
        title="Outlets"
        subtitle="Your shops"
        add={{ label: 'Add outlet', onClick: onAdd, testId: 'outlet-add' }}
      >
        <p>table</p>
      </ListPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Outlets' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('outlet-add'));
    expect(onAdd).toHaveBeenCalled();
    rerender(
      <ListPage title="Outlets" subtitle="Your shops" add={false}>
        <p>table</p>
      </ListPage>,
    );
    expect(screen.queryByTestId('outlet-add')).not.toBeInTheDocument();
  });

  it('names a row action by its label and links it when given a path', () => {
    renderWithProviders(
      <RowAction label="Edit KL01" icon={<EditOutlined />} to="/outlet/time-management" />,
    );
    expect(screen.getByRole('link', { name: 'Edit KL01' })).toHaveAttribute(
      'href',
      '/outlet/time-management',
    );
  });

  it('filters by a chosen option', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <FilterSelect
        label="Status"
        value=""
        onChange={onChange}
        anyLabel="All"
        options={[{ value: 'active', label: 'Active' }]}
        minWidth={140}
        testId="filter-status"
      />,
    );
    await userEvent.click(screen.getByTestId('filter-status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Active' }));
    expect(onChange).toHaveBeenCalledWith('active');
  });

  it('goes back to page 1 when a filter changes or is cleared', () => {
    const table = { setPage: vi.fn() };
    const { result } = renderHook(() => useTableFilters(table, { status: '' }));
    act(() => result.current.setFilter('status', 'active'));
    expect(result.current.filters).toEqual({ status: 'active' });
    expect(result.current.filtering).toBe(true);
    act(() => result.current.clear());
    expect(result.current.filters).toEqual({ status: '' });
    expect(table.setPage).toHaveBeenCalledTimes(2);
  });

  it('creates or updates the record the form is open for, then closes it and refreshes', async () => {
    const create = vi.fn(() => Promise.resolve());
    const update = vi.fn(() => Promise.resolve());
    const refresh = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() =>
      useEntityEditor<{ id: string }, string>({
        create,
        update,
        refresh,
        createdMessage: 'Created',
        savedMessage: 'Saved',
      }),
    );
    act(() => result.current.openEdit({ id: 'o1' }));
    expect(result.current.open).toBe(true);
    await act(() => result.current.submit('Kopi KLCC'));
    expect(update).toHaveBeenCalledWith('o1', 'Kopi KLCC');
    expect(create).not.toHaveBeenCalled();
    expect(result.current.open).toBe(false);
    expect(refresh).toHaveBeenCalled();
    act(() => result.current.openCreate());
    await act(() => result.current.submit('Kopi Bangsar'));
    expect(create).toHaveBeenCalledWith('Kopi Bangsar');
  });
});
