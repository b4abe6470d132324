import { reconciliationFileLabels } from '@kopi/contract';
import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of the gateway reconciliation screen (/ge/payment-gateway/reconciliation), apart from
// the gateway settings' own so either can change without touching the other.
const en = {
  title: 'Gateway Reconciliation',
  subtitle:
    'Compare the payments recorded here with the gateway’s own record for a range of business days: ask the gateway about each payment, or upload the settlement file you downloaded from it.',
  open: 'Reconcile',
  gateway: 'Gateway',
  from: 'From',
  to: 'To',
  badRange: 'The start is after the end',
  source: 'Compare with',
  sourceQuery: 'Query the gateway',
  sourceFile: 'Upload settlement file',
  queryHelp: 'Asks the gateway about each payment of the range (at most 200 in one run).',
  chooseFile: 'Choose file',
  noFile: 'No file chosen',
  run: 'Reconcile',
  running: 'Comparing…',
  uploading: 'Uploading {{percent}}%',
  export: 'Export CSV',
  noGateway: 'No gateway is set up yet: add one on the Payment Gateway page first.',
  empty: 'Nothing to report: no payment of this range was paid on either side.',
  notRun: 'Choose a gateway and the days, then reconcile.',
  summary: '{{count}} of our payments in the range, checked {{at}}',
  filter: 'Outcome',
  all: 'All outcomes',
  rejected: 'Lines of the file that could not be read (the rest were compared):',
  rejectedLine: 'Line {{line}}: {{message}}',
  tableLabel: 'Reconciliation results',
  column: {
    outcome: 'Outcome',
    reference: 'Gateway reference',
    order: 'Order',
    created: 'Created',
    ours: 'Ours',
    theirs: 'Gateway',
    line: 'File line',
  },
  // The export's own words: the screen and the CSV say the same.
  outcome: reconciliationFileLabels.en.outcomes,
  side: reconciliationFileLabels.en.statuses,
  fileHelp: {
    stripe:
      'Stripe: the itemized Balance report (Balance change from activity) or the Payout reconciliation report as CSV, with the payment_intent_id column added. Charges are compared; refunds and fees are left out.',
    billplz:
      'Billplz publishes no column list for its exports, so use a CSV with the bill fields of its API: id, state (or paid) and paid_amount (or amount) in sen.',
    ipay88:
      'iPay88 publishes no settlement column list, so use a CSV with the names of its payment response: RefNo, TransId, Amount (e.g. 1,278.99), Currency, Status (1 = paid).',
    fiuu: 'Fiuu: the daily transaction reconciliation file (transaction_YYYYMMDD.txt). PAYMENT rows are compared; refunds are left out.',
    other: 'This gateway has no known settlement file format yet: query the gateway instead.',
  },
};

const my: FeatureMessages<typeof en> = {
  title: 'Penyelarasan Gerbang',
  subtitle:
    'Bandingkan pembayaran yang direkodkan di sini dengan rekod gerbang sendiri bagi julat hari perniagaan: tanya gerbang tentang setiap pembayaran, atau muat naik fail penyelesaian yang anda muat turun daripadanya.',
  open: 'Selaraskan',
  gateway: 'Gerbang',
  from: 'Dari',
  to: 'Hingga',
  badRange: 'Tarikh mula selepas tarikh akhir',
  source: 'Bandingkan dengan',
  sourceQuery: 'Tanya gerbang',
  sourceFile: 'Muat naik fail penyelesaian',
  queryHelp:
    'Bertanya gerbang tentang setiap pembayaran dalam julat (paling banyak 200 sekali jalan).',
  chooseFile: 'Pilih fail',
  noFile: 'Tiada fail dipilih',
  run: 'Selaraskan',
  running: 'Membandingkan…',
  uploading: 'Memuat naik {{percent}}%',
  export: 'Eksport CSV',
  noGateway: 'Belum ada gerbang disediakan: tambah satu di halaman Gerbang Pembayaran dahulu.',
  empty: 'Tiada apa untuk dilaporkan: tiada pembayaran dalam julat ini dibayar di mana-mana pihak.',
  notRun: 'Pilih gerbang dan hari, kemudian selaraskan.',
  summary: '{{count}} pembayaran kami dalam julat, disemak {{at}}',
  filter: 'Keputusan',
  all: 'Semua keputusan',
  rejected: 'Baris fail yang tidak dapat dibaca (yang lain telah dibandingkan):',
  rejectedLine: 'Baris {{line}}: {{message}}',
  tableLabel: 'Keputusan penyelarasan',
  column: {
    outcome: 'Keputusan',
    reference: 'Rujukan gerbang',
    order: 'Pesanan',
    created: 'Dicipta',
    ours: 'Kami',
    theirs: 'Gerbang',
    line: 'Baris fail',
  },
  outcome: reconciliationFileLabels.my.outcomes,
  side: reconciliationFileLabels.my.statuses,
  fileHelp: {
    stripe:
      'Stripe: laporan Baki terperinci (Balance change from activity) atau laporan Payout reconciliation sebagai CSV, dengan lajur payment_intent_id ditambah. Caj dibandingkan; bayaran balik dan fi diabaikan.',
    billplz:
      'Billplz tidak menerbitkan senarai lajur eksportnya, jadi gunakan CSV dengan medan bil API-nya: id, state (atau paid) dan paid_amount (atau amount) dalam sen.',
    ipay88:
      'iPay88 tidak menerbitkan senarai lajur penyelesaian, jadi gunakan CSV dengan nama respons pembayarannya: RefNo, TransId, Amount (cth. 1,278.99), Currency, Status (1 = dibayar).',
    fiuu: 'Fiuu: fail penyelarasan transaksi harian (transaction_YYYYMMDD.txt). Baris PAYMENT dibandingkan; bayaran balik diabaikan.',
    other:
      'Gerbang ini belum mempunyai format fail penyelesaian yang diketahui: tanya gerbang sahaja.',
  },
};

export const useReconciliationStrings = defineFeatureStrings('paymentReconciliation', { en, my });
