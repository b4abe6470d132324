import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/schema/platform';
import { refunds } from '../../db/schema/refunds';
import { ownedBy } from '../../db/tenant-scope';
import type { AuditRow } from '../../lib/audit';

// A bank transfer's proof: the private file's key on the refund, with its audit entry.

/** Keeps the transfer's proof with its audit entry; answers the proof it replaced. */
export async function setProof(
  db: Db,
  tenantId: string,
  refundId: string,
  key: string,
  audit: AuditRow,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ proofKey: refunds.proofKey })
      .from(refunds)
      .where(and(ownedBy(refunds, tenantId), eq(refunds.id, refundId)))
      .for('update');
    if (!before) return null;
    await tx
      .update(refunds)
      .set({ proofKey: key })
      .where(and(ownedBy(refunds, tenantId), eq(refunds.id, refundId)));
    await tx.insert(auditLog).values(audit);
    return { previous: before.proofKey };
  });
}
