import type { ErrorEntry } from './error-entry';

// Errors of a manager's approval by PIN at the till.
export const approvalErrors = {
  approval_required: {
    status: 403,
    en: "This needs a manager's approval: ask a manager to enter their PIN",
    my: 'Ini memerlukan kelulusan pengurus: minta pengurus memasukkan PIN mereka',
  },
  approval_self: {
    status: 403,
    en: 'You cannot approve your own request; another manager must enter their PIN',
    my: 'Anda tidak boleh meluluskan permintaan anda sendiri; pengurus lain mesti memasukkan PIN mereka',
  },
  approver_not_allowed: {
    status: 403,
    en: 'This person may not approve this here',
    my: 'Orang ini tidak boleh meluluskan perkara ini di sini',
  },
  pin_wrong: {
    status: 403,
    en: 'Wrong PIN',
    my: 'PIN salah',
  },
  pin_throttled: {
    status: 429,
    en: 'Too many wrong PINs on this device; wait a moment and try again',
    my: 'Terlalu banyak PIN salah pada peranti ini; tunggu sebentar dan cuba lagi',
  },
  pin_locked: {
    status: 423,
    en: 'This PIN is locked after too many wrong tries; its owner must set a new one in account settings',
    my: 'PIN ini dikunci selepas terlalu banyak cubaan salah; pemiliknya mesti menetapkan PIN baharu dalam tetapan akaun',
  },
  pin_not_set: {
    status: 409,
    en: 'This person has no PIN yet; they set one in account settings',
    my: 'Orang ini belum mempunyai PIN; mereka menetapkannya dalam tetapan akaun',
  },
} satisfies Record<string, ErrorEntry>;
