import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from './http/http-client';

// A 400's details ({ path, message }: message is a contract validation key such as
// "validation.sku_taken") placed on the form fields they name, so the user sees the problem
// where it is and not only in a toast.

export interface ServerFieldError {
  path: string;
  message: string;
}

export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof HttpError) || error.status !== 400) return [];
  const details = error.body?.details;
  return Array.isArray(details) ? details : [];
}

/**
 * Sets each detail on the form field its path names ("sku", "variant_group_ids.0" → the field
 * "variant_group_ids" when `fields` has it). Returns how many fields were marked.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  mapPath: (path: string) => string | null = (path) => path,
): number {
  let placed = 0;
  for (const detail of serverFieldErrors(error)) {
    const mapped = mapPath(detail.path);
    if (!mapped) continue;
    const field = fields.includes(mapped) ? mapped : mapped.split('.')[0];
    if (!field || !fields.includes(field)) continue;
    setError(
      field as Path<T>,
      { type: 'server', message: detail.message },
      { shouldFocus: placed === 0 },
    );
    placed += 1;
  }
  return placed;
}

/**
 * The message of a refusal that is not (only) about the fields `applyServerErrors` marked (role
 * escalation, self lock-out…), to show above the form; null when every detail found its field.
 */
export function unplacedRefusal(error: unknown, placed: number, networkMessage: string) {
  if (placed > 0 && serverFieldErrors(error).length <= placed) return null;
  return refusalMessage(error, networkMessage);
}

/** What to tell the user of a failed request: the server's message, else `networkMessage`. */
export const refusalMessage = (error: unknown, networkMessage: string) =>
  error instanceof HttpError ? error.message : networkMessage;

/** What an error says, to show beside the action that failed (the HTTP client's are translated). */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : String(error);
