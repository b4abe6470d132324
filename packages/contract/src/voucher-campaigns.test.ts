import { describe, expect, it } from 'vitest';
import {
  type CampaignMove,
  type CampaignStatus,
  campaignMove,
  campaignMovesFrom,
  campaignStatusAt,
  campaignStatuses,
  parsePhoneList,
  voucherCampaignInputSchema,
} from './voucher-campaigns';

// The campaign status rule, written out again here: the moves staff may make, the refusal of
// every other one, and the moves time makes at exactly starts_at and ends_at.

const allowed: Record<CampaignMove, [CampaignStatus, CampaignStatus][]> = {
  schedule: [['draft', 'scheduled']],
  unschedule: [['scheduled', 'draft']],
  pause: [['ongoing', 'paused']],
  resume: [['paused', 'ongoing']],
  end: [
    ['draft', 'ended'],
    ['scheduled', 'ended'],
    ['ongoing', 'ended'],
    ['paused', 'ended'],
  ],
};
const refusalOf: Record<CampaignMove, string> = {
  schedule: 'voucher_campaign_not_draft',
  unschedule: 'voucher_campaign_not_scheduled',
  pause: 'voucher_campaign_not_ongoing',
  resume: 'voucher_campaign_not_paused',
  end: 'voucher_campaign_ended',
};

describe('campaignMove', () => {
  for (const move of Object.keys(allowed) as CampaignMove[]) {
    for (const from of campaignStatuses) {
      const allowedTo = allowed[move].find(([f]) => f === from)?.[1];
      if (allowedTo) {
        it(`${move} from ${from} leads to ${allowedTo}`, () => {
          expect(campaignMove(from, move)).toEqual({ ok: true, to: allowedTo });
        });
      } else {
        // Once ended, every move answers that the campaign has ended.
        const refusal = from === 'ended' ? 'voucher_campaign_ended' : refusalOf[move];
        it(`${move} from ${from} is refused with ${refusal}`, () => {
          expect(campaignMove(from, move)).toEqual({ ok: false, refusal });
        });
      }
    }
  }

  it('offers exactly the allowed moves', () => {
    expect(campaignMovesFrom('draft')).toEqual(['schedule', 'end']);
    expect(campaignMovesFrom('scheduled')).toEqual(['unschedule', 'end']);
    expect(campaignMovesFrom('ongoing')).toEqual(['pause', 'end']);
    expect(campaignMovesFrom('paused')).toEqual(['resume', 'end']);
    expect(campaignMovesFrom('ended')).toEqual([]);
  });
});

describe('campaignStatusAt', () => {
  const start = new Date('2026-07-01T00:00:00+08:00');
  const end = new Date('2026-07-31T00:00:00+08:00');
  const ms = (d: Date, delta: number) => new Date(d.getTime() + delta);

  it('turns scheduled into ongoing at starts_at exactly, not a millisecond before', () => {
    expect(campaignStatusAt('scheduled', start, end, ms(start, -1))).toBe('scheduled');
    expect(campaignStatusAt('scheduled', start, end, start)).toBe('ongoing');
  });

  it('ends every status at ends_at exactly, not a millisecond before', () => {
    for (const s of ['draft', 'scheduled', 'ongoing', 'paused'] as const) {
      const before = s === 'scheduled' ? 'ongoing' : s;
      expect(campaignStatusAt(s, start, end, ms(end, -1))).toBe(before);
      expect(campaignStatusAt(s, start, end, end)).toBe('ended');
    }
  });

  it('leaves draft and paused as they are within the period, and ended ended before it', () => {
    expect(campaignStatusAt('draft', start, end, ms(start, 1000))).toBe('draft');
    expect(campaignStatusAt('paused', start, end, ms(start, 1000))).toBe('paused');
    expect(campaignStatusAt('ended', start, end, ms(start, -1000))).toBe('ended');
    expect(campaignStatusAt('ongoing', start, end, ms(start, -1000))).toBe('ongoing');
  });
});

describe('parsePhoneList', () => {
  it('normalises numbers to E.164, skips a header and blank lines, and names the bad lines', () => {
    const csv = ['phone', '012-345 6789', '', '+60 19-876 5432', 'not a phone', '0123456789', '12'];
    expect(parsePhoneList(csv.join('\n'))).toEqual({
      phones: ['+60123456789', '+60198765432'],
      invalidLines: [5, 7],
    });
  });

  it('takes the first cell that is a phone on a CSV line', () => {
    expect(parsePhoneList('Aminah,0123456789\r\n"Ben","019-876 5432"')).toEqual({
      phones: ['+60123456789', '+60198765432'],
      invalidLines: [],
    });
  });
});

describe('voucherCampaignInputSchema', () => {
  const base = {
    name_en: 'Raya',
    voucher_id: '5f0c6a39-5a7e-4d6b-9f1d-3c2a1b0e9d8c',
    audience_kind: 'all',
    starts_at: '2026-07-01T00:00:00+08:00',
    ends_at: '2026-07-31T00:00:00+08:00',
  };
  const paths = (v: Record<string, unknown>) => {
    const r = voucherCampaignInputSchema.safeParse({ ...base, ...v });
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
  };

  it('needs the field of each audience kind', () => {
    expect(paths({ audience_kind: 'tier' })).toEqual(['audience_tier_id']);
    expect(paths({ audience_kind: 'new_customers' })).toEqual(['audience_days']);
    expect(paths({ audience_kind: 'inactive' })).toEqual(['audience_days']);
    expect(paths({ audience_kind: 'phone_list' })).toEqual(['audience_phones']);
    expect(paths({ audience_kind: 'phone_list', audience_phones: ['0123456789', 'x'] })).toEqual([
      'audience_phones.1',
    ]);
    expect(paths({ audience_kind: 'inactive', audience_days: 0 })).toEqual(['audience_days']);
    expect(paths({ audience_kind: 'inactive', audience_days: 1 })).toEqual([]);
  });

  it('refuses a period that does not end after it starts', () => {
    expect(paths({ ends_at: base.starts_at })).toEqual(['ends_at']);
    expect(paths({ ends_at: '2026-07-01T00:00:00.001+08:00' })).toEqual([]);
  });
});
