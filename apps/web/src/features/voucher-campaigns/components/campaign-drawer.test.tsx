import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VoucherCampaign } from '@kopi/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderFormDrawer } from '../../../test/render-drawer';
import { testCampaign } from '../test-campaigns';
import { CampaignDrawer } from './campaign-drawer';
import { chooseOption, retype, retypeDateTime } from '../../../test/user-steps';

afterEach(() => vi.unstubAllGlobals());

const voucherId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const goldId = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';

function renderDrawer(campaign: VoucherCampaign | null = null) {
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/vouchers') {
      return { body: { data: [{ id: voucherId, name_en: 'RM 5 off', code_kind: 'unique' }] } };
    }
    if (url.pathname === '/api/membership-tiers') {
      return { body: { data: [{ id: goldId, name_en: 'Gold', name_my: 'Emas' }] } };
    }
    return undefined;
  });
  const shown = renderFormDrawer('campaign', (form) => (
    <CampaignDrawer {...form} campaign={campaign} timeZone="Asia/Kuala_Lumpur" />
  ));
  return { ...shown, calls };
}

describe('campaign drawer', { timeout: 40_000 }, () => {
  it('refuses a campaign without a name, a voucher or a tier, and an end before its start, saying why', async () => {
    const { drawer, save, onSubmit } = renderDrawer();
    await chooseOption('campaign-audience-kind', 'A membership tier');
    await retypeDateTime('campaign-start', '2026/07/10', '10:00');
    await retypeDateTime('campaign-end', '2026/07/10', '10:00');
    await save();
    // Name, voucher and tier are each required; an end equal to the start is not after it.
    expect(await drawer.findAllByText('This field is required')).toHaveLength(3);
    expect(drawer.getByLabelText(/Name \(English\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(drawer.getByTestId('campaign-end-error')).toHaveTextContent(
      'The end must be after the start',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the days of new customers: none, 0 and 3651 are refused, 3650 is not', async () => {
    const { drawer, save, onSubmit } = renderDrawer(testCampaign('c1', 'Welcome'));
    await chooseOption('campaign-audience-kind', 'New customers');
    const days = drawer.getByLabelText('Days');
    await save();
    expect(await drawer.findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(days, '0');
    await save();
    expect(await drawer.findByText('Minimal value is 1')).toBeInTheDocument();
    await retype(days, '3651');
    await save();
    expect(await drawer.findByText('Maximal value is 3650')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await retype(days, '3650');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      audience_kind: 'new_customers',
      audience_days: 3650,
    });
  });

  it('names the lines of a phone list that are not phones, and sends the phones read', async () => {
    const { drawer, save, onSubmit } = renderDrawer(testCampaign('c1', 'VIP list'));
    await chooseOption('campaign-audience-kind', 'A list of phone numbers');
    const phones = drawer.getByTestId('campaign-phones');
    await save();
    expect(await drawer.findByText('This field is required')).toBeInTheDocument();
    // A header, two phones (one twice, written two ways) and two lines that are not phones.
    await userEvent.type(
      phones,
      'phone,name{Enter}012-345 6789,Ali{Enter}hello{Enter}+60123456789{Enter}12{Enter}0198765432',
    );
    expect(drawer.getByTestId('campaign-phones-read')).toHaveTextContent('2 phone numbers read');
    await save();
    expect(
      await drawer.findByText('Lines 3, 5 are not phone numbers. Fix or remove them.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await retype(phones, '012-345 6789{Enter}0198765432');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      audience_kind: 'phone_list',
      audience_phones: ['+60123456789', '+60198765432'],
    });
  });

  it('reads the phones of an uploaded CSV file', async () => {
    const { drawer } = renderDrawer(testCampaign('c1', 'VIP list'));
    await chooseOption('campaign-audience-kind', 'A list of phone numbers');
    const file = new File(['phone\n0123456789\n0198765432\nnot a phone\n'], 'vip.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(drawer.getByTestId('campaign-phones-file'), file);
    await waitFor(() =>
      expect(drawer.getByTestId('campaign-phones-read')).toHaveTextContent('2 phone numbers read'),
    );
    expect(drawer.getByText('Line 4 is not a phone number. Fix or remove it.')).toBeInTheDocument();
  });

  it('offers only vouchers of unique codes and sends a tier campaign', async () => {
    const { drawer, save, onSubmit, calls } = renderDrawer();
    await userEvent.type(drawer.getByLabelText(/Name \(English\)/), 'Gold week');
    await chooseOption('campaign-voucher', 'RM 5 off');
    await chooseOption('campaign-audience-kind', 'A membership tier');
    await chooseOption('campaign-tier', 'Gold');
    await retypeDateTime('campaign-start', '2026/07/10', '09:00');
    await retypeDateTime('campaign-end', '2026/07/17', '09:00');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url.startsWith('/api/vouchers'))?.url).toContain('code_kind=unique');
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name_en: 'Gold week',
      voucher_id: voucherId,
      audience_kind: 'tier',
      audience_tier_id: goldId,
      audience_days: null,
      audience_phones: [],
      // 09:00 in Kuala Lumpur (UTC+8).
      starts_at: '2026-07-10T01:00:00.000Z',
      ends_at: '2026-07-17T01:00:00.000Z',
    });
  });
});
