import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of the status board (/app/status-order).
const en = {
  page: {
    title: 'Status Order',
    subtitle: 'Orders waiting at the bar: accept them, mark them ready, hand them over.',
    outlet: 'Outlet',
    allOutlets: 'All outlets',
    fullscreen: 'Full screen',
    exitFullscreen: 'Exit full screen',
    updatedAt: 'Updated {{time}}',
    live: 'Live',
    interrupted:
      'Live updates are interrupted. Reconnecting… Meanwhile the board refreshes every 15 seconds.',
    loadFailed: 'The board could not be loaded.',
    board: 'Orders by status',
  },
  column: {
    PENDING: 'New',
    APPROVED: 'Preparing',
    COMPLETED: 'Ready',
    hintPENDING: 'Paid, waiting to be accepted',
    hintAPPROVED: 'Accepted, being made',
    hintCOMPLETED: 'Ready in the last hour, waiting for the customer',
    emptyPENDING: 'No new orders.',
    emptyAPPROVED: 'Nothing being prepared.',
    emptyCOMPLETED: 'Nothing waiting to be handed over.',
    count_one: '{{count}} order',
    count_other: '{{count}} orders',
    dropHere: 'Drop to move here',
    notShownPENDING_one: '1 newer order is not shown. Accept the oldest to bring it up.',
    notShownPENDING_other:
      '{{count}} newer orders are not shown. Accept the oldest to bring them up.',
    notShownAPPROVED_one: '1 newer order is not shown. Mark the oldest ready to bring it up.',
    notShownAPPROVED_other:
      '{{count}} newer orders are not shown. Mark the oldest ready to bring them up.',
    notShownCOMPLETED_one: '1 earlier order is not shown.',
    notShownCOMPLETED_other: '{{count}} earlier orders are not shown.',
  },
  card: {
    order: 'Order {{no}}',
    serving: {
      dine_in: 'Dine in',
      pick_up: 'Pick up',
      delivery: 'Delivery',
    },
    table: 'Table {{no}}',
    items: 'Items',
    notes: 'Note: {{notes}}',
    minutes: '{{count}} min',
    slow: 'Slow',
    late: 'Late',
    waitingNormal: 'Waiting {{count}} min since placed at {{time}}',
    waitingAmber: 'Waiting {{count}} min since placed at {{time}}: over {{limit}} min',
    waitingRed: 'Waiting {{count}} min since placed at {{time}}: over {{limit}} min, late',
    readyFor: 'Ready for {{count}} min (since {{time}})',
  },
  move: {
    accept: 'Accept',
    ready: 'Ready',
    reject: 'Reject',
    rejected: 'Order {{no}} rejected',
    alreadyMoved: 'Order {{no}} has already moved on. The board now shows where it is.',
    failed: 'Order {{no}} could not be moved: {{message}}',
    handedOver: 'Handed over',
    served: 'Served',
    handedOverDone: 'Order {{no}} handed over',
    servedDone: 'Order {{no}} served',
    handOverFailed: 'Order {{no}} could not be marked handed over: {{message}}',
  },
  reject: {
    title: 'Reject order {{no}}?',
    message:
      'The customer will see the order as rejected. A paid order is recorded as owed back to the customer.',
    reason: 'Reason',
    reasonHint: 'Tell the customer and the shift manager why (up to 300 characters).',
    quick: 'Common reasons',
    quickReasons: {
      soldOut: 'Item sold out',
      closing: 'Outlet is closing',
      customerLeft: 'Customer left',
      duplicate: 'Duplicate order',
    },
    confirm: 'Reject order',
  },
} as const;

const my: FeatureMessages<typeof en> = {
  page: {
    title: 'Status Pesanan',
    subtitle: 'Pesanan yang menunggu di bar: terima, tandakan siap, serahkan kepada pelanggan.',
    outlet: 'Cawangan',
    allOutlets: 'Semua cawangan',
    fullscreen: 'Skrin penuh',
    exitFullscreen: 'Keluar skrin penuh',
    updatedAt: 'Dikemas kini {{time}}',
    live: 'Langsung',
    interrupted:
      'Kemas kini langsung terganggu. Menyambung semula… Sementara itu papan dimuat semula setiap 15 saat.',
    loadFailed: 'Papan tidak dapat dimuatkan.',
    board: 'Pesanan mengikut status',
  },
  column: {
    PENDING: 'Baharu',
    APPROVED: 'Sedang disediakan',
    COMPLETED: 'Siap',
    hintPENDING: 'Sudah dibayar, menunggu diterima',
    hintAPPROVED: 'Diterima, sedang dibuat',
    hintCOMPLETED: 'Siap dalam sejam yang lalu, menunggu pelanggan',
    emptyPENDING: 'Tiada pesanan baharu.',
    emptyAPPROVED: 'Tiada yang sedang disediakan.',
    emptyCOMPLETED: 'Tiada yang menunggu untuk diserahkan.',
    count_one: '{{count}} pesanan',
    count_other: '{{count}} pesanan',
    dropHere: 'Lepaskan untuk pindah ke sini',
    notShownPENDING_one:
      '1 pesanan yang lebih baharu tidak dipaparkan. Terima yang paling lama untuk memaparkannya.',
    notShownPENDING_other:
      '{{count}} pesanan yang lebih baharu tidak dipaparkan. Terima yang paling lama untuk memaparkannya.',
    notShownAPPROVED_one:
      '1 pesanan yang lebih baharu tidak dipaparkan. Tandakan yang paling lama sebagai siap untuk memaparkannya.',
    notShownAPPROVED_other:
      '{{count}} pesanan yang lebih baharu tidak dipaparkan. Tandakan yang paling lama sebagai siap untuk memaparkannya.',
    notShownCOMPLETED_one: '1 pesanan yang lebih awal tidak dipaparkan.',
    notShownCOMPLETED_other: '{{count}} pesanan yang lebih awal tidak dipaparkan.',
  },
  card: {
    order: 'Pesanan {{no}}',
    serving: {
      dine_in: 'Makan di sini',
      pick_up: 'Ambil sendiri',
      delivery: 'Penghantaran',
    },
    table: 'Meja {{no}}',
    items: 'Item',
    notes: 'Nota: {{notes}}',
    minutes: '{{count}} min',
    slow: 'Lambat',
    late: 'Terlewat',
    waitingNormal: 'Menunggu {{count}} min sejak dibuat pada {{time}}',
    waitingAmber: 'Menunggu {{count}} min sejak dibuat pada {{time}}: melebihi {{limit}} min',
    waitingRed:
      'Menunggu {{count}} min sejak dibuat pada {{time}}: melebihi {{limit}} min, terlewat',
    readyFor: 'Siap selama {{count}} min (sejak {{time}})',
  },
  move: {
    accept: 'Terima',
    ready: 'Siap',
    reject: 'Tolak',
    rejected: 'Pesanan {{no}} ditolak',
    alreadyMoved: 'Pesanan {{no}} sudah berpindah. Papan kini menunjukkan statusnya.',
    failed: 'Pesanan {{no}} tidak dapat dipindahkan: {{message}}',
    handedOver: 'Diserahkan',
    served: 'Dihidangkan',
    handedOverDone: 'Pesanan {{no}} diserahkan',
    servedDone: 'Pesanan {{no}} dihidangkan',
    handOverFailed: 'Pesanan {{no}} tidak dapat ditanda diserahkan: {{message}}',
  },
  reject: {
    title: 'Tolak pesanan {{no}}?',
    message:
      'Pelanggan akan melihat pesanan sebagai ditolak. Pesanan yang telah dibayar direkodkan sebagai perlu dibayar balik.',
    reason: 'Sebab',
    reasonHint: 'Beritahu pelanggan dan pengurus syif sebabnya (hingga 300 aksara).',
    quick: 'Sebab biasa',
    quickReasons: {
      soldOut: 'Item habis dijual',
      closing: 'Cawangan akan ditutup',
      customerLeft: 'Pelanggan telah pergi',
      duplicate: 'Pesanan berganda',
    },
    confirm: 'Tolak pesanan',
  },
};

export const useStatusBoardStrings = defineFeatureStrings('statusBoard', { en, my });
