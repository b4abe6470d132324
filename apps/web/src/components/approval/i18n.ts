import { pinValidationMessages } from '@kopi/contract';
import {
  defineFeatureStrings,
  type FeatureMessages,
  registerValidationMessages,
} from '../../lib/i18n/feature-strings';

// Strings of a manager's approval by PIN (the till's dialog) and of one's own PIN (account
// settings).
const en = {
  dialog: {
    title: "Manager's approval",
    approver: 'Manager',
    pin: 'PIN',
    submit: 'Approve',
    cancel: 'Cancel',
    none: 'No manager here has a PIN yet. A manager sets one in account settings.',
    locked: '{{name}} (PIN locked)',
  },
  action: {
    shift_variance: 'Close the shift with this variance',
    manual_discount: 'Give this discount',
    order_void: 'Void this order',
    refund: 'Refund at the counter',
    cash_out: 'Take this cash out of the drawer',
    no_sale: 'Open the drawer without a sale',
  },
  settings: {
    title: 'Approval PIN',
    intro: 'Managers approve at the till with a 4 to 6 digit PIN, without signing the cashier out.',
    status: {
      none: 'No PIN set',
      set: 'PIN set on {{date}}',
      locked: 'Locked after too many wrong tries: set a new PIN to unlock it',
    },
    pin: 'New PIN',
    confirm: 'Repeat the PIN',
    password: 'Your password',
    save: 'Save PIN',
    remove: 'Remove PIN',
    saved: 'PIN saved',
    removed: 'PIN removed',
  },
} as const;

const my: FeatureMessages<typeof en> = {
  dialog: {
    title: 'Kelulusan pengurus',
    approver: 'Pengurus',
    pin: 'PIN',
    submit: 'Luluskan',
    cancel: 'Batal',
    none: 'Belum ada pengurus di sini yang mempunyai PIN. Pengurus menetapkannya dalam tetapan akaun.',
    locked: '{{name}} (PIN dikunci)',
  },
  action: {
    shift_variance: 'Tutup syif dengan varians ini',
    manual_discount: 'Beri diskaun ini',
    order_void: 'Batalkan pesanan ini',
    refund: 'Bayaran balik di kaunter',
    cash_out: 'Keluarkan tunai ini dari laci',
    no_sale: 'Buka laci tanpa jualan',
  },
  settings: {
    title: 'PIN kelulusan',
    intro:
      'Pengurus meluluskan di kaunter dengan PIN 4 hingga 6 digit, tanpa mendaftar keluar juruwang.',
    status: {
      none: 'Tiada PIN ditetapkan',
      set: 'PIN ditetapkan pada {{date}}',
      locked: 'Dikunci selepas terlalu banyak cubaan salah: tetapkan PIN baharu untuk membukanya',
    },
    pin: 'PIN baharu',
    confirm: 'Ulang PIN',
    password: 'Kata laluan anda',
    save: 'Simpan PIN',
    remove: 'Buang PIN',
    saved: 'PIN disimpan',
    removed: 'PIN dibuang',
  },
};

registerValidationMessages(pinValidationMessages);
export const useApprovalStrings = defineFeatureStrings('approval', { en, my });
