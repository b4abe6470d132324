import type { IncomingHttpHeaders } from 'node:http';

// What a provider's callback or return carries, read the same way for every provider.

/** The fields of a callback body: a form's, or a flat JSON object's (values as strings). */
export function fieldsOf(rawBody: string, headers: IncomingHttpHeaders): Record<string, string> {
  const type = String(headers['content-type'] ?? '');
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(rawBody));
  }
  try {
    const json: unknown = JSON.parse(rawBody);
    if (!json || typeof json !== 'object' || Array.isArray(json)) return {};
    return Object.fromEntries(
      Object.entries(json)
        .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
        .map(([k, v]) => [k, String(v)]),
    );
  } catch {
    return {};
  }
}
