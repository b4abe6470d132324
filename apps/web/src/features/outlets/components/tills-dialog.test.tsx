import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Outlet, Till } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerToastHost, resetToasts, type ToastRequest } from '../../../lib/toasts';
import { errorAnswer, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { TillsDialog } from './tills-dialog';
import { retype } from '../../../test/user-steps';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const outlet = { id: 'o1', name: 'Kuala Lumpur', timezone: 'Asia/Kuala_Lumpur' } as Outlet;

/** A fake /api/tills keeping its tills in memory; the first till has an open shift. */
function serve(initial: Till[]) {
  let tills = initial;
  const calls = mockFetch((call) => {
    if (call.url === '/api/tills?outlet_id=o1') return { body: { data: tills } };
    if (call.url === '/api/tills' && call.method === 'POST') {
      const body = call.body as { name: string };
      const till = {
        id: `t${tills.length + 1}`,
        outlet_id: 'o1',
        name: body.name,
        open_shift: null,
      };
      tills = [...tills, till];
      return { status: 201, body: { data: till } };
    }
    const id = call.url.split('/').pop()!;
    if (call.method === 'PUT') {
      tills = tills.map((x) => (x.id === id ? { ...x, ...(call.body as object) } : x));
      return { body: { data: tills.find((x) => x.id === id) } };
    }
    if (call.method === 'DELETE') {
      if (id === 't1') {
        return errorAnswer(409, 'till_in_use', 'In use');
      }
      tills = tills.filter((x) => x.id !== id);
      return { body: { data: { id, deleted: true } } };
    }
    return undefined;
  });
  return calls;
}

const till1: Till = {
  id: 't1',
  outlet_id: 'o1',
  name: 'Till 1',
  open_shift: {
    id: 's1',
    cashier_id: 'u1',
    cashier_name: 'Siti',
    opened_at: '2026-06-10T01:05:00Z',
  },
};

describe('tills dialog', { timeout: 90_000 }, () => {
  it("lists an outlet's tills with the open shift, adds, renames and deletes", async () => {
    const calls = serve([till1]);
    renderWithProviders(<TillsDialog outlet={outlet} onClose={() => {}} />);
    expect(await screen.findByText('Till 1')).toBeInTheDocument();
    // The shift's opening in the outlet's own time, 24-hour.
    expect(screen.getByText('Shift open: Siti since 2026/06/10 09:05:00')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('till-new-name'), 'Drive-through{Enter}');
    expect(await screen.findByText('Drive-through')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      outlet_id: 'o1',
      name: 'Drive-through',
    });
    expect(screen.getByTestId('till-new-name')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Rename Drive-through' }));
    const field = screen.getByTestId('till-name-edit');
    await retype(field, 'Till 2');
    await userEvent.click(screen.getByTestId('till-save'));
    expect(await screen.findByText('Till 2')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/tills/t2',
      body: { name: 'Till 2' },
    });

    // Deleting asks first.
    await userEvent.click(screen.getByRole('button', { name: 'Delete Till 2' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this till?' });
    await userEvent.click(within(confirm).getByTestId('till-delete-confirm'));
    await waitFor(() => expect(screen.queryByText('Till 2')).toBeNull());
    expect(screen.getAllByTestId('till-row')).toHaveLength(1);
  });

  it('keeps a till the server refuses to delete and says why', async () => {
    const toasts: ToastRequest[] = [];
    registerToastHost({ show: (r) => toasts.push(r), dismiss: () => undefined });
    serve([till1]);
    renderWithProviders(<TillsDialog outlet={outlet} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Till 1' }));
    await userEvent.click(screen.getByTestId('till-delete-confirm'));
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          type: 'error',
          message: 'Shifts or orders were recorded on this till: rename it instead of deleting it',
        }),
      ),
    );
    expect(screen.getByText('Till 1')).toBeInTheDocument();
  });
});
