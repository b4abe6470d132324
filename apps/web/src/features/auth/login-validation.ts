import { loginRequestSchema, type LoginRequest } from '@kopi/contract';

/**
 * The contract's sign-in rules over the typed credentials: the request to send, or each field's
 * validation key. Loaded on its own so the sign-in page's first paint does not carry zod.
 */
export function validateLogin(
  values: LoginRequest,
):
  | { ok: true; request: LoginRequest }
  | { ok: false; errors: Partial<Record<keyof LoginRequest, string>> } {
  const parsed = loginRequestSchema.safeParse(values);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Partial<Record<keyof LoginRequest, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return { ok: false, errors };
}
