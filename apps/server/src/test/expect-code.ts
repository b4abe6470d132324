import { expect } from 'vitest';

/** The DESIGN §5 error envelope, as tests read it. */
export interface ErrorAnswer {
  code_message: string;
  message: string;
  details?: { path: string; message: string }[];
}

/** Asserts an error answer's status and code (the body shown when the status differs). */
export function expectCode(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
): ErrorAnswer {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as ErrorAnswer;
  expect(body.code_message).toBe(code);
  return body;
}

/** Asserts an error answer's status and code, and that its details hold each of `details`. */
export function expectCodeWithDetails(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
  details: unknown[],
): ErrorAnswer {
  const body = expectCode(res, status, code);
  expect(body.details).toEqual(expect.arrayContaining(details));
  return body;
}

/** The `path` of each detail of an error answer, in the answer's order. */
export const detailPaths = (res: { json(): unknown }) =>
  (res.json() as ErrorAnswer).details!.map((d) => d.path);

/** Asserts a 400 validation_failed answer naming exactly `paths` (in any order) in its details. */
export function expectInvalid(
  res: { statusCode: number; body: string; json(): unknown },
  paths: string[],
) {
  expectCode(res, 400, 'validation_failed');
  expect(detailPaths(res).sort()).toEqual(paths);
}
