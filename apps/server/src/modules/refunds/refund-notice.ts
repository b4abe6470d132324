import type { RefundStatus } from '@kopi/contract';
import type { RefundNotice } from './refund-writes.repo';

// What a refund write tells the staff: the bell for the steps someone acts on next (review, pay
// out, and the requester's news) and the live event. `announce` is off only for the demo seed's
// back-filled history.

const words: Partial<Record<RefundStatus, [verb: string, titleKey: string]>> = {
  PENDING: ['requested', 'refundRequested'],
  APPROVED: ['approved', 'refundApproved'],
  COMPLETED: ['completed', 'refundCompleted'],
};

export function refundNotice(
  announce: boolean,
  status: RefundStatus,
  by: string,
  reason: string | null,
): RefundNotice {
  const w = words[status];
  return {
    notification:
      announce && w
        ? { verb: w[0], titleKey: w[1], body: reason ? `${by}: ${reason}` : `by ${by}` }
        : null,
    liveEvent: announce,
  };
}
