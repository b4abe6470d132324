import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentGateway } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { PaymentGatewayPage } from './payment-gateway-page';

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const billplz: PaymentGateway = {
  id: 'g1',
  tenant_id: 't1',
  provider: 'billplz',
  mode: 'sandbox',
  methods: ['fpx', 'ewallet'],
  is_default: true,
  enabled: true,
  credentials: {
    api_key: '••••••1234',
    x_signature_key: '••••••5678',
    collection_id: '••••••9012',
  },
  callback_url: 'https://hq.kopi.my/api/payments/billplz/callback',
  redirect_url: 'https://hq.kopi.my/api/payments/billplz/return',
  updated_by: 'admin',
  updated_at: '2026-06-10T04:00:00.000Z',
};

const stripe: PaymentGateway = {
  ...billplz,
  id: 'g2',
  provider: 'stripe',
  methods: ['card'],
  is_default: false,
  credentials: { secret_key: '••••••0001', webhook_secret: '••••••0002' },
  callback_url: 'https://hq.kopi.my/api/payments/stripe/callback',
  redirect_url: 'https://hq.kopi.my/api/payments/stripe/return',
};

const ipay88: PaymentGateway = {
  ...billplz,
  id: 'g3',
  provider: 'ipay88',
  is_default: false,
  credentials: { merchant_code: '••••••', merchant_key: '••••••0003' },
  callback_url: 'https://hq.kopi.my/api/payments/ipay88/callback',
  redirect_url: 'https://hq.kopi.my/api/payments/ipay88/return',
};

const fiuu: PaymentGateway = {
  ...billplz,
  id: 'g4',
  provider: 'fiuu',
  is_default: false,
  credentials: { merchant_id: '••••••shop', verify_key: '••••••0004', secret_key: '••••••0005' },
  callback_url: 'https://hq.kopi.my/api/payments/fiuu/callback',
  redirect_url: 'https://hq.kopi.my/api/payments/fiuu/return',
};

const admin = (_action: string, subject: string): boolean => subject === 'payment-gateway';
const reader = (action: string, subject: string): boolean =>
  action === 'read' && subject === 'payment-gateway';

function setup(list: PaymentGateway[], can = admin) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/payment-gateways' && call.method === 'GET')
      return { body: { data: list } };
    if (call.url === '/api/payment-gateways' && call.method === 'POST')
      return { status: 201, body: { data: billplz } };
    if (call.url === '/api/payment-gateways/g1' && call.method === 'PUT')
      return { body: { data: billplz } };
    if (call.url === '/api/payment-gateways/g1' && call.method === 'DELETE')
      return { body: { data: { id: 'g1', deleted: true } } };
    if (call.url === '/api/payment-gateways/g1/test-connection')
      return {
        body: { data: { ok: true, provider: 'billplz', mode: 'sandbox', checked_at: 'x' } },
      };
    return undefined;
  });
  renderWithProviders(<PaymentGatewayPage />, { can });
  return calls;
}

describe('payment gateway page', { timeout: 30_000 }, () => {
  it('shows each gateway with its masked credentials and the callback URL to register', async () => {
    setup([billplz]);
    const card = await screen.findByTestId('payment-gateway-billplz');
    expect(card).toHaveTextContent('Sandbox');
    expect(card).toHaveTextContent('FPX online banking, E-wallets');
    expect(within(card).getByTestId('payment-gateway-credential-api_key')).toHaveTextContent(
      'API secret key: ••••••1234',
    );
    expect(within(card).getByTestId('payment-gateway-callback-url')).toHaveTextContent(
      billplz.callback_url,
    );
    // Stripe is not set up yet: it can still be added.
    expect(screen.getByTestId('payment-gateway-add')).toBeInTheDocument();
  });

  it('shows Stripe with its masked keys and webhook URL, and nothing left to add once every gateway is set up', async () => {
    setup([billplz, stripe, ipay88, fiuu]);
    const card = await screen.findByTestId('payment-gateway-stripe');
    expect(within(card).getByTestId('payment-gateway-credential-webhook_secret')).toHaveTextContent(
      'Webhook signing secret (whsec_…): ••••••0002',
    );
    expect(within(card).getByTestId('payment-gateway-callback-url')).toHaveTextContent(
      stripe.callback_url,
    );
    expect(screen.queryByTestId('payment-gateway-add')).not.toBeInTheDocument();
  });

  it('sets up Billplz with its credentials in a drawer', async () => {
    const calls = setup([]);
    expect(await screen.findByTestId('payment-gateways-empty')).toHaveTextContent(
      'No gateway is set up yet.',
    );
    await userEvent.click(screen.getByTestId('payment-gateway-add'));
    const drawer = await screen.findByTestId('payment-gateway-drawer');
    await userEvent.click(within(drawer).getByLabelText('Cards'));
    await userEvent.type(within(drawer).getByLabelText('API secret key'), 'key-1234');
    await userEvent.type(within(drawer).getByLabelText('X Signature key'), 'S-5678');
    await userEvent.type(within(drawer).getByLabelText('Collection ID'), 'col_9012');
    await userEvent.click(within(drawer).getByTestId('payment-gateway-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      provider: 'billplz',
      mode: 'sandbox',
      methods: ['fpx', 'card'],
      is_default: true,
      enabled: true,
      credentials: { api_key: 'key-1234', x_signature_key: 'S-5678', collection_id: 'col_9012' },
    });
  });

  it('sets up Fiuu with its own credentials, sending none typed for another gateway', async () => {
    const calls = setup([billplz]);
    await screen.findByTestId('payment-gateway-billplz');
    await userEvent.click(screen.getByTestId('payment-gateway-add'));
    const drawer = await screen.findByTestId('payment-gateway-drawer');
    await userEvent.type(within(drawer).getByLabelText('API secret key'), 'typed-for-billplz');
    await userEvent.click(screen.getByTestId('payment-gateway-provider'));
    await userEvent.click(await screen.findByRole('option', { name: 'Fiuu' }));
    expect(within(drawer).queryByLabelText('API secret key')).not.toBeInTheDocument();
    await userEvent.type(within(drawer).getByLabelText('Merchant ID'), 'kopi_shop');
    await userEvent.type(within(drawer).getByLabelText('Verify key'), 'verify-0004');
    await userEvent.type(within(drawer).getByLabelText('Secret key'), 'secret-0005');
    await userEvent.click(within(drawer).getByTestId('payment-gateway-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      provider: 'fiuu',
      credentials: {
        merchant_id: 'kopi_shop',
        verify_key: 'verify-0004',
        secret_key: 'secret-0005',
      },
    });
    const sent = calls.find((c) => c.method === 'POST')!.body as { credentials: object };
    expect(Object.keys(sent.credentials).sort()).toEqual([
      'merchant_id',
      'secret_key',
      'verify_key',
    ]);
  });

  it('shows iPay88 with its masked merchant key', async () => {
    setup([ipay88]);
    const card = await screen.findByTestId('payment-gateway-ipay88');
    expect(within(card).getByTestId('payment-gateway-credential-merchant_key')).toHaveTextContent(
      'Merchant key: ••••••0003',
    );
  });

  it('keeps the stored credentials an edit leaves empty, and sends only the one typed', async () => {
    const calls = setup([billplz]);
    await screen.findByTestId('payment-gateway-billplz');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Billplz' }));
    const drawer = await screen.findByTestId('payment-gateway-drawer');
    expect(drawer).toHaveTextContent('Stored as ••••••5678. Leave empty to keep it.');
    await userEvent.type(within(drawer).getByLabelText('X Signature key'), 'S-rotated');
    await userEvent.click(within(drawer).getByTestId('payment-gateway-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      mode: 'sandbox',
      methods: ['fpx', 'ewallet'],
      is_default: true,
      enabled: true,
      credentials: { x_signature_key: 'S-rotated' },
    });
  });

  it('tests the connection, and deletes only after asking', async () => {
    const calls = setup([billplz]);
    await screen.findByTestId('payment-gateway-billplz');
    await userEvent.click(screen.getByTestId('payment-gateway-test'));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/payment-gateways/g1/test-connection')).toBe(true),
    );
    // The outcome stays on the card.
    expect(await screen.findByTestId('payment-gateway-test-result')).toHaveTextContent(
      'Billplz answered: the connection works',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Billplz' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this gateway?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Billplz' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('shows a reader no way to change anything', async () => {
    setup([billplz], reader);
    await screen.findByTestId('payment-gateway-billplz');
    expect(screen.queryByRole('button', { name: 'Edit Billplz' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-gateway-test')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Billplz' })).not.toBeInTheDocument();
  });
});
