import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Outlet } from '@kopi/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OutletDrawer } from './outlet-drawer';
import { retype } from '../../../test/user-steps';

const outlet: Outlet = {
  id: 'o1',
  code: 'KL01',
  name: 'Kopi Demo KLCC',
  address: null,
  phone: null,
  lat: null,
  lng: null,
  status: 'active',
  serving_methods: ['dine_in', 'pick_up'],
  delivery_fee: 0,
  accepting_orders: true,
  timezone: 'Asia/Kuala_Lumpur',
  last_order_minutes: 15,
  board_amber_minutes: 4,
  board_red_minutes: 8,
  open_now: true,
  next_open_at: null,
};

function renderDrawer() {
  const onSubmit = vi.fn(() => Promise.resolve());
  renderWithProviders(
    <OutletDrawer open outlet={outlet} onClose={() => undefined} onSubmit={onSubmit} />,
  );
  const drawer = within(screen.getByTestId('outlet-drawer'));
  const amber = drawer.getByLabelText('Amber after (minutes)');
  const red = drawer.getByLabelText('Red after (minutes)');
  const save = () => userEvent.click(drawer.getByTestId('outlet-save'));
  return { drawer, amber, red, save, onSubmit };
}

describe('outlet drawer: status board minutes', () => {
  it('shows the outlet its amber and red minutes and saves changes', async () => {
    const { amber, red, save, onSubmit } = renderDrawer();
    expect(amber).toHaveValue(4);
    expect(red).toHaveValue(8);
    await retype(red, '12');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({ board_amber_minutes: 4, board_red_minutes: 12 }),
    ]);
  });

  it('says why red must come after amber, and that an emptied field is required', async () => {
    const { drawer, amber, red, save, onSubmit } = renderDrawer();
    await retype(amber, '9');
    await save();
    expect(
      await drawer.findByText('The red time must be longer than the amber time'),
    ).toBeInTheDocument();
    await userEvent.clear(red);
    await save();
    expect(await drawer.findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(red, '300');
    await save();
    expect(await drawer.findByText('Maximal value is 240')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('outlet drawer: code and phone', () => {
  it('says an emptied code is required and refuses a phone that is not Malaysian', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await userEvent.clear(drawer.getByLabelText('Code'));
    await userEvent.type(drawer.getByLabelText('Phone'), 'abc');
    await save();
    expect(await drawer.findByText('This field is required')).toBeInTheDocument();
    expect(
      await drawer.findByText('The pattern is 01x-xxx xxxx / 0x-xxx xxxx'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves a Malaysian phone in one written form', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await userEvent.type(drawer.getByLabelText('Phone'), '03 2141 0001');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([expect.objectContaining({ phone: '+60 3-2141 0001' })]);
  });
});
