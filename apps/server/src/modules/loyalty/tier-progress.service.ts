import type { Db } from '../../db/database';
import * as settingsRepo from './settings.repo';

// How far a customer is from the next membership tier: the tier basis (points or spend) of the
// tenant's settings over the customer's last 12 months, against the tiers' thresholds.

export interface TierProgress {
  basis: 'points' | 'spend';
  /** Points, or sen spent, over the 12 months before `at`. */
  reached: number;
  /** The lowest tier above what was reached; null at the top (or without tiers). */
  next: { nameEn: string; nameMy: string; threshold: number; remaining: number } | null;
}

export async function tierProgress(
  db: Db,
  tenantId: string,
  customerId: string,
  at: Date,
): Promise<TierProgress> {
  const settings = await settingsRepo.settingsOf(db, tenantId);
  const tiers = await settingsRepo.tiersOf(db, tenantId);
  const year = await settingsRepo.rollingYear(db, tenantId, customerId, at);
  const basis = settings.tierBasis === 'spend' ? 'spend' : 'points';
  const reached = basis === 'spend' ? year.spend : year.points;
  const next = tiers.find((t) => t.threshold > reached);
  return {
    basis,
    reached,
    next: next
      ? {
          nameEn: next.nameEn,
          nameMy: next.nameMy,
          threshold: next.threshold,
          remaining: next.threshold - reached,
        }
      : null,
  };
}
