import type { StoredReasonParams } from '@kopi/contract';
import { reasonFields } from './coded-reason';

/** A status history row (db/schema/history.ts) as an answer shows it: the move, when, who, why. */
export const statusMoveView = (h: {
  fromStatus: string | null;
  toStatus: string;
  at: Date;
  byName: string | null;
  reason: string | null;
  reasonCode: string | null;
  reasonParams: StoredReasonParams | null;
}) => ({
  from: h.fromStatus,
  to: h.toStatus,
  at: h.at.toISOString(),
  by: h.byName,
  ...reasonFields(h),
});
