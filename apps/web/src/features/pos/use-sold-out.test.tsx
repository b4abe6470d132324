import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerToastHost, resetToasts, type ToastRequest } from '../../lib/toasts';
import { mockFetch } from '../../test/fetch-mock';
import { fakeLive } from '../../test/live-socket';
import { renderWithProviders } from '../../test/render';
import { usePosMenu } from './api';
import { kopi, menu } from './test-menu';
import { useLiveSoldOut, useSoldOutSwitch } from './use-sold-out';

// The POS menu follows "sold out today" live: a switch on this till shows at once, one made on
// another till (or in the back office) arrives as a product.sold_out event and is read again.

vi.mock('../../lib/session/session-runtime', () =>
  import('../../test/live-socket').then((m) => m.fakeSessionRuntime),
);

const OUTLET = 'outlet-kl';

function Probe() {
  const query = usePosMenu(OUTLET);
  useLiveSoldOut(OUTLET);
  const soldOutSwitch = useSoldOutSwitch(OUTLET);
  const product = query.data?.products.find((p) => p.id === kopi.id);
  if (!product) return null;
  return (
    <button type="button" onClick={() => soldOutSwitch?.toggle(product, !product.sold_out)}>
      {product.sold_out ? 'kopi sold out' : 'kopi on sale'}
    </button>
  );
}

function renderProbe() {
  const state = { soldOut: false };
  const calls = mockFetch((call) => {
    if (call.url.startsWith('/api/pos/menu')) {
      return {
        body: {
          data: {
            ...menu,
            products: menu.products.map((p) =>
              p.id === kopi.id ? { ...p, sold_out: state.soldOut } : p,
            ),
          },
        },
      };
    }
    if (call.method === 'PUT') {
      state.soldOut = (call.body as { sold_out: boolean }).sold_out;
      return { body: { data: { outlet_id: OUTLET, sold_out_today: state.soldOut } } };
    }
    return undefined;
  });
  renderWithProviders(<Probe />, { can: (a, s) => a === 'toggle' && s === 'sold-out' });
  return { state, calls, menuGets: () => calls.filter((c) => c.url.startsWith('/api/pos/menu')) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('sold out at the POS', () => {
  it('greys out a product another till marked sold out, on the live event, without a reload', async () => {
    const { state, menuGets } = renderProbe();
    expect(await screen.findByText('kopi on sale')).toBeInTheDocument();
    const before = menuGets().length;

    // Another outlet's switch leaves this menu alone.
    fakeLive.emit({
      event_id: 1,
      type: 'product.sold_out',
      message: { id_product: kopi.id, outlet_id: 'outlet-pg', sold_out: true },
    });
    state.soldOut = true;
    fakeLive.emit({
      event_id: 2,
      type: 'product.sold_out',
      message: { id_product: kopi.id, outlet_id: OUTLET, sold_out: true },
    });
    expect(await screen.findByText('kopi sold out')).toBeInTheDocument();
    expect(menuGets().length).toBe(before + 1);
  });

  it('switches it from this till at once and tells the server', async () => {
    const toasts: ToastRequest[] = [];
    registerToastHost({ show: (r) => toasts.push(r), dismiss: () => undefined });
    const { calls } = renderProbe();
    await userEvent.click(await screen.findByText('kopi on sale'));
    expect(await screen.findByText('kopi sold out')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/products/${kopi.id}/outlets/${OUTLET}/sold-out`);
    expect(put.body).toEqual({ sold_out: true });
    await waitFor(() =>
      expect(toasts.some((t) => t.message === 'Kopi is sold out today')).toBe(true),
    );
  });
});
