import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Category } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { CategoryPage } from './category-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const category = (id: string, name: string, products: number): Category => ({
  id,
  name_en: name,
  name_my: name,
  image: null,
  sort_order: 0,
  status: 'active',
  product_count: products,
});
const list = [category('c1', 'Kopi', 7), category('c2', 'Teh', 0), category('c3', 'Cakes', 2)];

function renderPage() {
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/categories?')) return { body: { data: list, meta: {} } };
    if (call.url === '/api/categories/order') {
      const ids = (call.body as { ids: string[] }).ids;
      return { body: { data: ids.map((id) => list.find((c) => c.id === id)) } };
    }
    return undefined;
  });
  renderWithProviders(<CategoryPage />, { can: () => true });
  return calls;
}

const names = () => screen.getAllByTestId('category-name').map((n) => n.textContent);

describe('category list', () => {
  it('moves a category up and saves the whole new order', async () => {
    const calls = renderPage();
    await waitFor(() => expect(names()).toEqual(['Kopi', 'Teh', 'Cakes']));
    await userEvent.click(screen.getByRole('button', { name: 'Move Cakes up' }));
    await waitFor(() => expect(names()).toEqual(['Kopi', 'Cakes', 'Teh']));
    const put = calls.find((c) => c.url === '/api/categories/order');
    expect(put?.method).toBe('PUT');
    expect(put?.body).toEqual({ ids: ['c1', 'c3', 'c2'] });
    expect(screen.getByRole('button', { name: 'Move Kopi up' })).toBeDisabled();
  });

  it('reorders by dropping one row on another', async () => {
    const calls = renderPage();
    await waitFor(() => expect(names()).toEqual(['Kopi', 'Teh', 'Cakes']));
    const handles = screen.getAllByTestId('category-drag-handle');
    const rows = screen.getAllByTestId('category-row');
    const dataTransfer = { setData: vi.fn(), getData: () => 'c1', setDragImage: vi.fn() };
    fireEvent.dragStart(handles[0]!, { dataTransfer });
    fireEvent.dragOver(rows[2]!, { dataTransfer });
    fireEvent.drop(rows[2]!, { dataTransfer });
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/categories/order')?.body).toEqual({
        ids: ['c2', 'c3', 'c1'],
      }),
    );
  });

  it('says why a category with products cannot be deleted and offers to disable it', async () => {
    const calls = renderPage();
    await waitFor(() => expect(names()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Kopi' }));
    const dialog = screen.getByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('category-blocked-reason')).toHaveTextContent(
      '“Kopi” still has 7 products. A category with products cannot be deleted',
    );
    expect(within(dialog).getByRole('button', { name: 'Disable instead' })).toBeEnabled();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});
