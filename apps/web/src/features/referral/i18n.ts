import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of /customer/referral: the "invite a friend" rules and the list of referrals.
const en = {
  page: {
    title: 'Referral',
    subtitle:
      'Customers invite friends with their referral code; both are rewarded once the friend’s first paid order completes.',
  },
  settings: {
    title: 'Referral rules',
    error: 'The referral rules could not be loaded.',
    enabled: 'Referrals',
    enabledHint: 'When off, new sign-ups earn no reward for anyone.',
    referrer: 'Reward for the customer who invites',
    referrerHint: 'Given when the invited friend’s first paid order completes.',
    referee: 'Reward for the new customer',
    refereeHint: 'Given with the same first order.',
    rewardKind: 'Reward',
    walletAmount: 'Wallet credit',
    pointsAmount: 'Points',
    minOrder: 'Minimum first order',
    minOrderHint: 'The friend’s first paid order must reach this amount. RM 0.00: any order.',
    save: 'Save rules',
    saved: 'Referral rules saved',
  },
  rewardKind: {
    wallet: 'Wallet credit (RM)',
    points: 'Points',
  },
  status: {
    pending: 'Pending',
    rewarded: 'Rewarded',
    reversed: 'Reversed',
  },
  list: {
    title: 'Referrals',
    subtitle: 'A reward is taken back when the first order is refunded in full.',
    search: 'Search name or phone',
    referrer: 'Invited by',
    referee: 'New customer',
    status: 'Status',
    allStatuses: 'All statuses',
    order: 'First order',
    joined: 'Signed up',
    settled: 'Rewarded / reversed',
    clearFilters: 'Clear filters',
    empty: 'No referrals yet.',
    emptyFiltered: 'No referral matches these filters.',
  },
} as const;

const my: FeatureMessages<typeof en> = {
  page: {
    title: 'Rujukan',
    subtitle:
      'Pelanggan menjemput rakan dengan kod rujukan mereka; kedua-duanya diberi ganjaran apabila pesanan berbayar pertama rakan itu selesai.',
  },
  settings: {
    title: 'Peraturan rujukan',
    error: 'Peraturan rujukan tidak dapat dimuatkan.',
    enabled: 'Rujukan',
    enabledHint: 'Apabila dimatikan, pendaftaran baharu tidak memberi ganjaran kepada sesiapa.',
    referrer: 'Ganjaran untuk pelanggan yang menjemput',
    referrerHint: 'Diberi apabila pesanan berbayar pertama rakan yang dijemput selesai.',
    referee: 'Ganjaran untuk pelanggan baharu',
    refereeHint: 'Diberi dengan pesanan pertama yang sama.',
    rewardKind: 'Ganjaran',
    walletAmount: 'Kredit dompet',
    pointsAmount: 'Mata',
    minOrder: 'Pesanan pertama minimum',
    minOrderHint:
      'Pesanan berbayar pertama rakan mesti mencapai jumlah ini. RM 0.00: sebarang pesanan.',
    save: 'Simpan peraturan',
    saved: 'Peraturan rujukan disimpan',
  },
  rewardKind: {
    wallet: 'Kredit dompet (RM)',
    points: 'Mata',
  },
  status: {
    pending: 'Menunggu',
    rewarded: 'Diberi ganjaran',
    reversed: 'Ditarik balik',
  },
  list: {
    title: 'Rujukan',
    subtitle: 'Ganjaran ditarik balik apabila pesanan pertama dibayar balik sepenuhnya.',
    search: 'Cari nama atau telefon',
    referrer: 'Dijemput oleh',
    referee: 'Pelanggan baharu',
    status: 'Status',
    allStatuses: 'Semua status',
    order: 'Pesanan pertama',
    joined: 'Mendaftar',
    settled: 'Diberi / ditarik balik',
    clearFilters: 'Kosongkan penapis',
    empty: 'Belum ada rujukan.',
    emptyFiltered: 'Tiada rujukan sepadan dengan penapis ini.',
  },
};

export const useReferralStrings = defineFeatureStrings('referral', { en, my });
