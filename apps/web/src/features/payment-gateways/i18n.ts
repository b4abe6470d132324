import { gatewayProviderLabels } from '@kopi/contract';
import { defineFeatureStrings, type FeatureMessages } from '../../lib/i18n/feature-strings';

// Strings of the payment gateways screen (/ge/payment-gateway).
const en = {
  list: {
    title: 'Payment Gateway',
    subtitle:
      'The gateways the customer app pays through, with your own account at each. Credentials are stored encrypted; secret ones are only ever shown masked.',
    platformSubtitle:
      "The platform's own gateway, used for plan checkout on the public site. Credentials are stored encrypted; secret ones are only ever shown masked.",
    add: 'Add gateway',
    empty: 'No gateway is set up yet.',
    mode: 'Mode',
    methods: 'Payment methods',
    credentials: 'Credentials',
    callbackUrl: 'Callback URL (paste in the gateway’s dashboard)',
    redirectUrl: 'Return URL',
    copy: 'Copy {{what}}',
    copied: 'Copied',
    default: 'Default',
    enabled: 'Enabled',
    disabled: 'Disabled',
    updated: 'Changed by {{by}}, {{at}}',
    edit: 'Edit {{name}}',
    test: 'Test connection',
    testDone: '{{name}} answered: the connection works',
    testFailed: '{{name}} did not answer as expected: check the mode and the credentials',
    delete: 'Delete {{name}}',
    deleteTitle: 'Delete this gateway?',
    deleteMessage:
      '{{name}} will no longer take payments, and payments started through it can no longer be confirmed. Its past payments keep their history.',
    deleted: 'Gateway deleted',
  },
  provider: gatewayProviderLabels,
  mode: { sandbox: 'Sandbox', production: 'Production' },
  method: { fpx: 'FPX online banking', card: 'Cards', ewallet: 'E-wallets' },
  credential: {
    api_key: 'API secret key',
    x_signature_key: 'X Signature key',
    collection_id: 'Collection ID',
    secret_key: 'Secret key',
    webhook_secret: 'Webhook signing secret (whsec_…)',
    merchant_code: 'Merchant code',
    merchant_key: 'Merchant key',
    merchant_id: 'Merchant ID',
    verify_key: 'Verify key',
  },
  /** The drawer's labels, as each gateway's dashboard names its credentials. */
  providerCredential: {
    billplz: {
      api_key: 'API secret key',
      x_signature_key: 'X Signature key',
      collection_id: 'Collection ID',
    },
    stripe: {
      secret_key: 'Secret key (sk_…)',
      webhook_secret: 'Webhook signing secret (whsec_…)',
    },
    ipay88: { merchant_code: 'Merchant code', merchant_key: 'Merchant key' },
    fiuu: { merchant_id: 'Merchant ID', verify_key: 'Verify key', secret_key: 'Secret key' },
  },
  form: {
    createTitle: 'Add gateway',
    editTitle: 'Edit {{name}}',
    provider: 'Gateway',
    mode: 'Mode',
    methods: 'Payment methods it takes',
    isDefault: 'Default gateway',
    enabled: 'Takes payments',
    keepHint: 'Stored as {{masked}}. Leave empty to keep it.',
    required: 'Required',
    created: 'Gateway added',
    saved: 'Gateway saved',
  },
};

const my: FeatureMessages<typeof en> = {
  list: {
    title: 'Gerbang Pembayaran',
    subtitle:
      'Gerbang yang digunakan oleh aplikasi pelanggan untuk pembayaran, dengan akaun anda sendiri di setiap satu. Butiran akses disimpan secara tersulit; yang rahsia hanya dipaparkan bertopeng.',
    platformSubtitle:
      'Gerbang milik platform, digunakan untuk pembayaran pelan di laman awam. Butiran akses disimpan secara tersulit; yang rahsia hanya dipaparkan bertopeng.',
    add: 'Tambah gerbang',
    empty: 'Belum ada gerbang yang disediakan.',
    mode: 'Mod',
    methods: 'Kaedah pembayaran',
    credentials: 'Butiran akses',
    callbackUrl: 'URL panggilan balik (tampal di papan pemuka gerbang)',
    redirectUrl: 'URL kembali',
    copy: 'Salin {{what}}',
    copied: 'Disalin',
    default: 'Lalai',
    enabled: 'Aktif',
    disabled: 'Tidak aktif',
    updated: 'Diubah oleh {{by}}, {{at}}',
    edit: 'Sunting {{name}}',
    test: 'Uji sambungan',
    testDone: '{{name}} menjawab: sambungan berfungsi',
    testFailed: '{{name}} tidak menjawab seperti dijangka: semak mod dan kelayakan',
    delete: 'Padam {{name}}',
    deleteTitle: 'Padam gerbang ini?',
    deleteMessage:
      '{{name}} tidak akan menerima pembayaran lagi, dan pembayaran yang dimulakan melaluinya tidak lagi boleh disahkan. Pembayaran lalu kekal dalam sejarah.',
    deleted: 'Gerbang dipadam',
  },
  provider: gatewayProviderLabels,
  mode: { sandbox: 'Kotak pasir', production: 'Pengeluaran' },
  method: { fpx: 'Perbankan dalam talian FPX', card: 'Kad', ewallet: 'E-dompet' },
  credential: {
    api_key: 'Kunci rahsia API',
    x_signature_key: 'Kunci X Signature',
    collection_id: 'ID koleksi',
    secret_key: 'Kunci rahsia',
    webhook_secret: 'Rahsia tandatangan webhook (whsec_…)',
    merchant_code: 'Kod peniaga',
    merchant_key: 'Kunci peniaga',
    merchant_id: 'ID peniaga',
    verify_key: 'Kunci pengesahan',
  },
  providerCredential: {
    billplz: {
      api_key: 'Kunci rahsia API',
      x_signature_key: 'Kunci X Signature',
      collection_id: 'ID koleksi',
    },
    stripe: {
      secret_key: 'Kunci rahsia (sk_…)',
      webhook_secret: 'Rahsia tandatangan webhook (whsec_…)',
    },
    ipay88: { merchant_code: 'Kod peniaga', merchant_key: 'Kunci peniaga' },
    fiuu: { merchant_id: 'ID peniaga', verify_key: 'Kunci pengesahan', secret_key: 'Kunci rahsia' },
  },
  form: {
    createTitle: 'Tambah gerbang',
    editTitle: 'Sunting {{name}}',
    provider: 'Gerbang',
    mode: 'Mod',
    methods: 'Kaedah pembayaran yang diterima',
    isDefault: 'Gerbang lalai',
    enabled: 'Menerima pembayaran',
    keepHint: 'Disimpan sebagai {{masked}}. Biarkan kosong untuk mengekalkannya.',
    required: 'Wajib',
    created: 'Gerbang ditambah',
    saved: 'Gerbang disimpan',
  },
};

export const usePaymentGatewayStrings = defineFeatureStrings('paymentGateways', { en, my });
