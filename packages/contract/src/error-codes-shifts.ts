import type { ErrorEntry } from './error-entry';

// Errors of tills, shifts and the cash drawer.
export const shiftErrors = {
  shift_required: {
    status: 409,
    en: 'Open a shift on this till before selling',
    my: 'Buka syif di kaunter ini sebelum membuat jualan',
  },
  shift_already_open: {
    status: 409,
    en: 'A shift is already open on this till',
    my: 'Syif sudah dibuka di kaunter ini',
  },
  shift_closed: {
    status: 409,
    en: 'This shift is already closed',
    my: 'Syif ini telah ditutup',
  },
  shift_variance_note_required: {
    status: 400,
    en: 'The drawer is over or short by more than the tolerance: a manager must close it with a note',
    my: 'Laci lebih atau kurang melebihi had toleransi: pengurus mesti menutupnya dengan catatan',
  },
  shift_not_yours: {
    status: 403,
    en: 'Only the cashier who opened this shift, or a manager, may close it',
    my: 'Hanya juruwang yang membuka syif ini, atau pengurus, boleh menutupnya',
  },
  shifts_still_open: {
    status: 409,
    en: 'Some shifts of this day are still open. Close them before closing the day.',
    my: 'Beberapa syif hari ini masih dibuka. Tutup syif tersebut sebelum menutup hari.',
  },
  refund_needs_shift: {
    status: 409,
    en: 'A cash refund is paid from your drawer: open a shift at this outlet first',
    my: 'Bayaran balik tunai dibayar dari laci anda: buka syif di cawangan ini dahulu',
  },
  cash_out_exceeds_drawer: {
    status: 409,
    en: 'The drawer does not hold that much cash',
    my: 'Laci tidak mempunyai wang tunai sebanyak itu',
  },
  till_name_taken: {
    status: 409,
    en: 'This outlet already has a till with this name',
    my: 'Cawangan ini sudah mempunyai kaunter dengan nama ini',
  },
  till_in_use: {
    status: 409,
    en: 'Shifts or orders were recorded on this till: rename it instead of deleting it',
    my: 'Syif atau pesanan telah direkodkan di kaunter ini: tukar namanya dan bukan memadamnya',
  },
  till_last: {
    status: 409,
    en: 'An outlet keeps at least one till',
    my: 'Setiap cawangan mesti mempunyai sekurang-kurangnya satu kaunter',
  },
  shift_drawer_not_yours: {
    status: 403,
    en: 'Only the cashier of this shift, or a manager, may open its drawer',
    my: 'Hanya juruwang syif ini, atau pengurus, boleh membuka lacinya',
  },
} as const satisfies Record<string, ErrorEntry>;
