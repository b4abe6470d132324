// SPEC §3/§9: UI preferences live in cookies with path "/" and URL-encoded values.
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const path = options.path ?? '/';
  const maxAge = options.maxAgeSeconds ?? ONE_YEAR_SECONDS;
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=${path}; Max-Age=${maxAge}; SameSite=Lax`;
}

export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    try {
      cookies.set(decodeURIComponent(name), decodeURIComponent(raw));
    } catch {
      // A cookie some other script wrote with invalid escapes: ignore it rather than crash.
    }
  }
  return cookies;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return parseCookies(document.cookie).get(name);
}

export function writeCookie(name: string, value: string, options?: CookieOptions): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, value, options);
}

export function removeCookie(name: string): void {
  writeCookie(name, '', { maxAgeSeconds: 0 });
}
