import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { endSessionsWhere } from '../../db/session-end';
import { passwordResetTokens, sessions, twoStepRecoveryCodes, users } from '../../db/schema/access';

/** The signed-in user's own account, by their user id or a reset token: users are global. */
export const tenantFree = [
  'countRecentResetRequests',
  'createResetToken',
  'isResetTokenUsable',
  'consumeResetToken',
  'twoStepState',
  'setTwoStep',
  'advanceTwoStepCounter',
  'replaceRecoveryCodes',
  'useRecoveryCode',
  'listLiveSessions',
  'revokeOwnSession',
  'setAvatar',
] as const;

// Password reset tokens, two-step secrets and recovery codes, the user's sessions, the avatar.

export async function countRecentResetRequests(db: Db, userId: string, sinceMs: number) {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        gt(passwordResetTokens.createdAt, new Date(Date.now() - sinceMs)),
      ),
    );
  return row?.n ?? 0;
}

/** A new link replaces any older one still unused. */
export async function createResetToken(
  tx: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date; ip: string },
) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)));
  await tx.insert(passwordResetTokens).values(values);
}

const usable = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

export async function isResetTokenUsable(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(usable(tokenHash));
  return row !== undefined;
}

/**
 * Uses the token once, atomically, from `ip`; the user id, or null when it is not (or no longer)
 * usable.
 */
export async function consumeResetToken(
  tx: Db,
  tokenHash: string,
  ip: string,
): Promise<string | null> {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()`, usedIp: ip })
    .where(usable(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

export async function twoStepState(db: Db, userId: string) {
  const [row] = await db
    .select({
      secret: users.twoStepSecret,
      enabled: users.twoStepEnabled,
      lastStep: users.twoStepLastStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function setTwoStep(
  tx: Db,
  userId: string,
  values: { secret: string | null; enabled: boolean; lastStep?: number | null },
) {
  await tx
    .update(users)
    .set({
      twoStepSecret: values.secret,
      twoStepEnabled: values.enabled,
      ...(values.lastStep !== undefined ? { twoStepLastStep: values.lastStep } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** Records a used TOTP time step; false when that step (or a later one) was already used. */
export async function advanceTwoStepCounter(db: Db, userId: string, step: number) {
  const rows = await db
    .update(users)
    .set({ twoStepLastStep: step })
    .where(
      and(eq(users.id, userId), or(isNull(users.twoStepLastStep), lt(users.twoStepLastStep, step))),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(tx: Db, userId: string, codeHashes: string[]) {
  await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  if (codeHashes.length > 0) {
    await tx
      .insert(twoStepRecoveryCodes)
      .values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

export async function useRecoveryCode(db: Db, userId: string, codeHash: string) {
  const rows = await db
    .update(twoStepRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoStepRecoveryCodes.userId, userId),
        eq(twoStepRecoveryCodes.codeHash, codeHash),
        isNull(twoStepRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoStepRecoveryCodes.id });
  return rows.length === 1;
}

export async function listLiveSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/** Ends one of the user's own live sessions; false when it is not theirs or already ended. */
export async function revokeOwnSession(tx: Db, userId: string, sessionId: string, reason: string) {
  return (
    (await endSessionsWhere(
      tx,
      and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)),
      reason,
    )) === 1
  );
}

export async function setAvatar(tx: Db, userId: string, avatar: string | null) {
  await tx
    .update(users)
    .set({ avatar, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
