import type { ErrorEntry } from './error-entry';

// Errors any request can meet: bad input, sign-in and sessions, Idempotency-Key,
// uploads, and the server itself.
export const platformErrors = {
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
  json_too_deep: {
    status: 400,
    en: 'The request body is nested too deeply',
    my: 'Kandungan permintaan bersarang terlalu dalam',
  },
  uri_too_long: {
    status: 414,
    en: 'The address is too long',
    my: 'Alamat terlalu panjang',
  },
  headers_too_large: {
    status: 431,
    en: 'The request headers are too large',
    my: 'Pengepala permintaan terlalu besar',
  },
  request_timeout: {
    status: 408,
    en: 'The request took too long to arrive',
    my: 'Permintaan mengambil masa terlalu lama untuk tiba',
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
  unsupported_proof_type: {
    status: 400,
    en: 'Only a JPEG, PNG or WebP image or a PDF is accepted',
    my: 'Hanya imej JPEG, PNG atau WebP atau PDF diterima',
  },
  file_too_large: {
    status: 400,
    en: 'The file is too large',
    my: 'Fail terlalu besar',
  },
  // A multipart body the parser cannot read (cut off, no boundary, broken part headers).
  malformed_upload: {
    status: 400,
    en: 'The upload could not be read. Please try again.',
    my: 'Muat naik tidak dapat dibaca. Sila cuba lagi.',
  },
  internal_error: { status: 500, en: 'Internal server error', my: 'Ralat pelayan dalaman' },
  service_unavailable: {
    status: 503,
    en: 'The service is temporarily unavailable',
    my: 'Perkhidmatan tidak tersedia buat sementara waktu',
  },
} as const satisfies Record<string, ErrorEntry>;
