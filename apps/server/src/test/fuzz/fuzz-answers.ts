// What the fuzzer makes of an answer: a 5xx fails, an error answer outside the envelope of
// DESIGN §5 ({ code_message, message, details? }, JSON) fails; 2xx and 3xx pass as they are.

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

const ENVELOPE_KEYS = new Set(['code_message', 'message', 'details']);

/** Why an answer fails the fuzz, or undefined when it passes. */
export function answerProblem(answer: Answer): string | undefined {
  const { statusCode } = answer;
  if (statusCode >= 500) return 'server error';
  if (statusCode < 400) return undefined;
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) {
    return `error answer is not JSON (${String(answer.headers['content-type'] ?? 'no type')})`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'error answer is not valid JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'error answer is no object';
  const envelope = body as Record<string, unknown>;
  if (typeof envelope.code_message !== 'string' || typeof envelope.message !== 'string') {
    return 'error answer lacks code_message or message';
  }
  if (envelope.details !== undefined && !Array.isArray(envelope.details)) {
    return 'error answer has details that are no list';
  }
  const extra = Object.keys(envelope).filter((k) => !ENVELOPE_KEYS.has(k));
  if (extra.length > 0) return `error answer has keys outside the envelope: ${extra.join(', ')}`;
  return undefined;
}

/** `2xx`, `3xx`, `4xx`, `5xx` (or `error` for a request that got no answer). */
export const statusClass = (status: number) =>
  status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'error';

/** The start of a body, on one line, for failure lists. */
export const bodyHead = (body: string, length = 160) =>
  printable(body.replace(/\s+/g, ' ').slice(0, length));

/** Control characters as `\u0000` escapes, so that a failure list prints as text. */
export const printable = (text: string) =>
  Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }).join('');
