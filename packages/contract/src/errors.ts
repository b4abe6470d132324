// Stable error codes (`code_message`) with their HTTP status and English/Malay messages.
// The server answers with the code; the web translates it. Add codes here, never inline.
export const errorCatalog = {
  invalid_request: { status: 400, en: 'Invalid request', my: 'Permintaan tidak sah' },
  validation_failed: {
    status: 400,
    en: 'Some fields are invalid',
    my: 'Sesetengah medan tidak sah',
  },
  invalid_credentials: {
    status: 400,
    en: 'Incorrect username or password',
    my: 'Nama pengguna atau kata laluan salah',
  },
  user_empty: { status: 400, en: 'User is empty', my: 'Pengguna kosong' },
  settings_empty: { status: 400, en: 'Settings is empty', my: 'Tetapan kosong' },
  user_disabled: {
    status: 400,
    en: 'This account is disabled',
    my: 'Akaun ini telah dinyahaktifkan',
  },
  tenant_suspended: {
    status: 400,
    en: 'This business is suspended. Please contact support.',
    my: 'Perniagaan ini digantung. Sila hubungi sokongan.',
  },
  too_many_attempts: {
    status: 429,
    en: 'Too many attempts. Please wait and try again.',
    my: 'Terlalu banyak percubaan. Sila tunggu dan cuba lagi.',
  },
  refresh_token_invalid: {
    status: 401,
    en: 'Your session has ended. Please sign in again.',
    my: 'Sesi anda telah tamat. Sila log masuk semula.',
  },
  old_password_incorrect: {
    status: 400,
    en: 'The current password is incorrect',
    my: 'Kata laluan semasa tidak betul',
  },
  password_reused: {
    status: 400,
    en: 'The new password must differ from the current one',
    my: 'Kata laluan baharu mesti berbeza daripada yang semasa',
  },
  unauthorized: { status: 401, en: 'Unauthorized access', my: 'Akses tanpa kebenaran' },
  session_locked: { status: 401, en: 'Session is Locked', my: 'Sesi Dikunci' },
  forbidden: { status: 403, en: 'Forbidden access', my: 'Akses dilarang' },
  not_found: { status: 404, en: 'Resource not found', my: 'Sumber tidak ditemui' },
  route_not_found: { status: 404, en: 'Resource not found', my: 'Sumber tidak ditemui' },
  conflict: { status: 409, en: 'Conflict', my: 'Konflik' },
  idempotency_in_flight: {
    status: 409,
    en: 'The same request is still being processed',
    my: 'Permintaan yang sama masih diproses',
  },
  idempotency_key_reused: {
    status: 422,
    en: 'This Idempotency-Key was already used with a different request',
    my: 'Idempotency-Key ini telah digunakan dengan permintaan berbeza',
  },
  idempotency_key_required: {
    status: 400,
    en: 'An Idempotency-Key header is required',
    my: 'Pengepala Idempotency-Key diperlukan',
  },
  payload_too_large: {
    status: 413,
    en: 'The request is too large',
    my: 'Permintaan terlalu besar',
  },
  rate_limited: {
    status: 429,
    en: 'Too many requests. Please slow down.',
    my: 'Terlalu banyak permintaan. Sila perlahan.',
  },
  reset_token_invalid: {
    status: 400,
    en: 'This password reset link is invalid or has expired. Please request a new one.',
    my: 'Pautan tetapan semula kata laluan ini tidak sah atau telah tamat tempoh. Sila minta yang baharu.',
  },
  two_step_challenge_invalid: {
    status: 400,
    en: 'Your sign-in has expired. Please sign in again.',
    my: 'Log masuk anda telah tamat tempoh. Sila log masuk semula.',
  },
  two_step_code_invalid: {
    status: 400,
    en: 'The verification code is incorrect',
    my: 'Kod pengesahan tidak betul',
  },
  two_step_not_set_up: {
    status: 400,
    en: 'Set up two-step sign-in first',
    my: 'Sediakan log masuk dua langkah terlebih dahulu',
  },
  two_step_already_enabled: {
    status: 409,
    en: 'Two-step sign-in is already on',
    my: 'Log masuk dua langkah sudah dihidupkan',
  },
  two_step_not_enabled: {
    status: 409,
    en: 'Two-step sign-in is not on',
    my: 'Log masuk dua langkah tidak dihidupkan',
  },
  file_required: {
    status: 400,
    en: 'Choose a file to upload',
    my: 'Pilih fail untuk dimuat naik',
  },
  // 400 like every other bad input, so the web shows the translated message (SPEC §8).
  unsupported_file_type: {
    status: 400,
    en: 'Only JPEG, PNG or WebP images are accepted',
    my: 'Hanya imej JPEG, PNG atau WebP diterima',
  },
  file_too_large: {
    status: 400,
    en: 'The file is too large',
    my: 'Fail terlalu besar',
  },
  // Issue "Catalogue": products, categories, the variant and add-on library, outlets, tenants.
  tenant_required: {
    status: 400,
    en: 'Choose a tenant to work in first',
    my: 'Pilih penyewa untuk bekerja terlebih dahulu',
  },
  category_name_taken: {
    status: 400,
    en: 'A category with this name already exists',
    my: 'Kategori dengan nama ini sudah wujud',
  },
  category_has_products: {
    status: 409,
    en: 'This category still has products. Disable it instead, or move its products first.',
    my: 'Kategori ini masih mempunyai produk. Nyahdayakannya, atau pindahkan produknya terlebih dahulu.',
  },
  sku_taken: {
    status: 400,
    en: 'Another product already uses this SKU',
    my: 'Produk lain sudah menggunakan SKU ini',
  },
  barcode_taken: {
    status: 400,
    en: 'Another product already uses this barcode',
    my: 'Produk lain sudah menggunakan kod bar ini',
  },
  product_has_sales: {
    status: 409,
    en: 'This product has been sold before and cannot be deleted. Archive it instead.',
    my: 'Produk ini pernah dijual dan tidak boleh dipadam. Arkibkannya sebaliknya.',
  },
  too_many_images: {
    status: 400,
    en: 'A product can have at most 10 images',
    my: 'Produk boleh mempunyai paling banyak 10 imej',
  },
  variant_group_in_use: {
    status: 409,
    en: 'This variant group is used by products. Remove it from them first.',
    my: 'Kumpulan varian ini digunakan oleh produk. Keluarkannya daripada produk tersebut dahulu.',
  },
  addon_in_use: {
    status: 409,
    en: 'This add-on is used by products. Remove it from them first.',
    my: 'Tambahan ini digunakan oleh produk. Keluarkannya daripada produk tersebut dahulu.',
  },
  import_file_type: {
    status: 400,
    en: 'Only CSV or XLSX files can be imported',
    my: 'Hanya fail CSV atau XLSX boleh diimport',
  },
  import_invalid: {
    status: 400,
    en: 'The file has errors. Nothing was imported.',
    my: 'Fail mempunyai ralat. Tiada apa-apa diimport.',
  },
  outlet_code_taken: {
    status: 400,
    en: 'Another outlet already uses this code',
    my: 'Cawangan lain sudah menggunakan kod ini',
  },
  outlet_in_use: {
    status: 409,
    en: 'This outlet has staff or orders and cannot be deleted. Disable it instead.',
    my: 'Cawangan ini mempunyai kakitangan atau pesanan dan tidak boleh dipadam. Nyahdayakannya sebaliknya.',
  },
  tenant_slug_taken: {
    status: 400,
    en: 'Another tenant already uses this slug',
    my: 'Penyewa lain sudah menggunakan slug ini',
  },
  not_platform_user: {
    status: 403,
    en: 'Only platform staff can work inside another tenant',
    my: 'Hanya kakitangan platform boleh bekerja dalam penyewa lain',
  },
  // Issue "Orders and the POS".
  outlet_closed: {
    status: 400,
    en: 'This outlet is closed now. Confirm a sale outside opening hours to go ahead.',
    my: 'Cawangan ini ditutup sekarang. Sahkan jualan di luar waktu operasi untuk meneruskan.',
  },
  outlet_not_accepting_orders: {
    status: 400,
    en: 'This outlet is not taking orders right now',
    my: 'Cawangan ini tidak menerima pesanan sekarang',
  },
  serving_method_unavailable: {
    status: 400,
    en: 'This outlet does not offer this serving method',
    my: 'Cawangan ini tidak menawarkan kaedah hidangan ini',
  },
  product_unavailable: {
    status: 400,
    en: 'A product in the cart is not sold at this outlet',
    my: 'Produk dalam troli tidak dijual di cawangan ini',
  },
  product_sold_out: {
    status: 400,
    en: 'A product in the cart is sold out today',
    my: 'Produk dalam troli telah habis dijual hari ini',
  },
  invalid_product_options: {
    status: 400,
    en: 'The choices of a product in the cart are not valid',
    my: 'Pilihan produk dalam troli tidak sah',
  },
  payment_mismatch: {
    status: 400,
    en: 'The payments do not add up to the total',
    my: 'Jumlah bayaran tidak sama dengan jumlah keseluruhan',
  },
  day_closed: {
    status: 409,
    en: 'This business day is already closed for the outlet',
    my: 'Hari perniagaan ini telah ditutup bagi cawangan ini',
  },
  order_already_exists: {
    status: 409,
    en: 'This sale was already recorded',
    my: 'Jualan ini telah pun direkodkan',
  },
  invalid_status_transition: {
    status: 409,
    en: 'The order cannot move to this status',
    my: 'Pesanan tidak boleh beralih ke status ini',
  },
  orders_still_open: {
    status: 409,
    en: 'Some orders of this day are still open. Complete or reject them first.',
    my: 'Beberapa pesanan hari ini masih terbuka. Selesaikan atau tolak dahulu.',
  },
  // An export past its row limit is refused rather than cut short (a partial file looks whole).
  export_too_large: {
    status: 400,
    en: 'Too many records match to export at once. Narrow the dates or filters and export again.',
    my: 'Terlalu banyak rekod sepadan untuk dieksport sekali gus. Kecilkan julat tarikh atau tapisan dan eksport semula.',
  },
  // Issue 6: the customer app (/api/mobile/…) and payment providers.
  tenant_header_required: {
    status: 400,
    en: 'Name the business in the X-Tenant header',
    my: 'Nyatakan perniagaan dalam pengepala X-Tenant',
  },
  phone_taken: {
    status: 400,
    en: 'This phone number is already registered. Sign in instead.',
    my: 'Nombor telefon ini sudah didaftarkan. Sila log masuk.',
  },
  referral_code_unknown: {
    status: 400,
    en: 'This referral code does not exist',
    my: 'Kod rujukan ini tidak wujud',
  },
  invalid_phone_or_password: {
    status: 400,
    en: 'Incorrect phone number or password',
    my: 'Nombor telefon atau kata laluan salah',
  },
  phone_not_verified: {
    status: 400,
    en: 'Verify your phone number first with the 6-digit code we sent you',
    my: 'Sahkan nombor telefon anda dahulu dengan kod 6 digit yang kami hantar',
  },
  verification_code_invalid: {
    status: 400,
    en: 'The verification code is incorrect',
    my: 'Kod pengesahan tidak betul',
  },
  verification_code_expired: {
    status: 400,
    en: 'This code has expired or was tried too many times. Ask for a new one.',
    my: 'Kod ini telah tamat tempoh atau dicuba terlalu banyak kali. Minta kod baharu.',
  },
  customer_disabled: {
    status: 400,
    en: 'This account is disabled. Please contact the shop.',
    my: 'Akaun ini telah dinyahaktifkan. Sila hubungi kedai.',
  },
  outlet_not_open: {
    status: 400,
    en: 'This outlet is closed now. Please order when it is open.',
    my: 'Cawangan ini ditutup sekarang. Sila pesan semasa ia dibuka.',
  },
  outlet_last_orders_passed: {
    status: 400,
    en: 'This outlet has stopped taking orders for today',
    my: 'Cawangan ini telah berhenti menerima pesanan untuk hari ini',
  },
  order_not_payable: {
    status: 409,
    en: 'This order cannot be paid now: it is already paid or cancelled',
    my: 'Pesanan ini tidak boleh dibayar sekarang: ia sudah dibayar atau dibatalkan',
  },
  order_not_cancellable: {
    status: 409,
    en: 'This order is already being prepared and can no longer be cancelled',
    my: 'Pesanan ini sedang disediakan dan tidak boleh dibatalkan lagi',
  },
  payment_provider_unavailable: {
    status: 400,
    en: 'This payment method is not available',
    my: 'Kaedah pembayaran ini tidak tersedia',
  },
  payment_signature_invalid: {
    status: 401,
    en: 'The payment notification signature is invalid',
    my: 'Tandatangan pemberitahuan pembayaran tidak sah',
  },
  payment_callback_stale: {
    status: 400,
    en: 'The payment notification is too old',
    my: 'Pemberitahuan pembayaran terlalu lama',
  },
  payment_amount_mismatch: {
    status: 400,
    en: 'The amount paid does not match the payment',
    my: 'Jumlah yang dibayar tidak sepadan dengan pembayaran',
  },
  // Issue 7: users, roles, permissions, menus and the audit log.
  password_change_required: {
    status: 403,
    en: 'Change your temporary password to continue',
    my: 'Tukar kata laluan sementara anda untuk meneruskan',
  },
  username_taken: {
    status: 400,
    en: 'Another user already has this username',
    my: 'Pengguna lain sudah menggunakan nama pengguna ini',
  },
  user_email_missing: {
    status: 400,
    en: 'This user has no e-mail address. Add one, or set a temporary password instead.',
    my: 'Pengguna ini tiada alamat e-mel. Tambah satu, atau tetapkan kata laluan sementara.',
  },
  self_disable: {
    status: 409,
    en: 'You cannot disable your own account',
    my: 'Anda tidak boleh menyahaktifkan akaun anda sendiri',
  },
  self_delete: {
    status: 409,
    en: 'You cannot delete your own account',
    my: 'Anda tidak boleh memadam akaun anda sendiri',
  },
  user_in_use: {
    status: 409,
    en: 'This user has orders or other records and cannot be deleted. Disable the account instead.',
    my: 'Pengguna ini mempunyai pesanan atau rekod lain dan tidak boleh dipadam. Nyahaktifkan akaun sebaliknya.',
  },
  permission_escalation: {
    status: 403,
    en: 'You cannot give permissions you do not hold yourself',
    my: 'Anda tidak boleh memberi kebenaran yang anda sendiri tiada',
  },
  target_outranks_you: {
    status: 403,
    en: 'This role holds permissions you do not have, so you cannot change it or its users',
    my: 'Peranan ini mempunyai kebenaran yang anda tiada, jadi anda tidak boleh mengubahnya atau penggunanya',
  },
  platform_permission_not_allowed: {
    status: 400,
    en: 'Platform permissions can only be given to platform roles',
    my: 'Kebenaran platform hanya boleh diberi kepada peranan platform',
  },
  role_name_taken: {
    status: 400,
    en: 'Another role already has this name',
    my: 'Peranan lain sudah menggunakan nama ini',
  },
  role_immutable: {
    status: 409,
    en: 'The superadmin role cannot be changed or deleted',
    my: 'Peranan superadmin tidak boleh diubah atau dipadam',
  },
  role_in_use: {
    status: 409,
    en: 'Users still hold this role. Move them to another role first.',
    my: 'Masih ada pengguna yang memegang peranan ini. Pindahkan mereka ke peranan lain dahulu.',
  },
  role_self_lockout: {
    status: 409,
    en: 'This change would remove a role-management permission from your own role. Ask another administrator to make it.',
    my: 'Perubahan ini akan membuang kebenaran pengurusan peranan daripada peranan anda sendiri. Minta pentadbir lain membuatnya.',
  },
  menu_title_taken: {
    status: 400,
    en: 'Another menu item already uses this title key',
    my: 'Item menu lain sudah menggunakan kunci tajuk ini',
  },
  menu_parent_invalid: {
    status: 400,
    en: 'A menu item cannot be placed inside itself or its own sub-items',
    my: 'Item menu tidak boleh diletakkan di dalam dirinya sendiri atau sub-itemnya',
  },
  menu_item_builtin: {
    status: 409,
    en: 'Built-in menu items cannot be deleted. Hide it instead.',
    my: 'Item menu terbina dalam tidak boleh dipadam. Sembunyikannya sebaliknya.',
  },
  menu_item_builtin_title: {
    status: 409,
    en: 'The title key of a built-in menu item cannot be changed. Edit its English and Malay titles instead.',
    my: 'Kunci tajuk item menu terbina dalam tidak boleh diubah. Sunting tajuk Bahasa Inggeris dan Melayunya sahaja.',
  },
  menu_item_has_children: {
    status: 409,
    en: 'This menu item has sub-items. Move or delete them first.',
    my: 'Item menu ini mempunyai sub-item. Pindahkan atau padam dahulu.',
  },
  internal_error: { status: 500, en: 'Internal server error', my: 'Ralat pelayan dalaman' },
  service_unavailable: {
    status: 503,
    en: 'The service is temporarily unavailable',
    my: 'Perkhidmatan tidak tersedia buat sementara waktu',
  },
} as const satisfies Record<string, { status: number; en: string; my: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorCatalog, value);
