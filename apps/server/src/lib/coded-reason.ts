import type { CodedReason, ReasonCode, ReasonFields, StoredReasonParams } from '@kopi/contract';

// How rows keep a reason (the contract's coded-reasons.ts): one the server writes as its code and
// parameters, one a person typed as free text, never both.

/** A writer's reason: coded when the server writes it, a string when a person typed it. */
export type Reason = CodedReason | string | null;

/** The row's columns for a reason. */
export function reasonColumns(reason: Reason | undefined) {
  if (reason == null) return { reason: null, reasonCode: null, reasonParams: null };
  if (typeof reason === 'string') return { reason, reasonCode: null, reasonParams: null };
  return {
    reason: null,
    reasonCode: reason.code,
    reasonParams: reason.params as StoredReasonParams,
  };
}

/** A row's reason as an answer carries it. */
export const reasonFields = (row: {
  reason: string | null;
  reasonCode: string | null;
  reasonParams: StoredReasonParams | null;
}): ReasonFields => ({
  reason: row.reason,
  reason_code: row.reasonCode as ReasonCode | null,
  reason_params: row.reasonParams,
});
