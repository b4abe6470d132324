import { randomBytes } from 'node:crypto';
import type { AccountSession } from '@kopi/contract';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { audit, audited, byUserThemself } from '../../lib/audit';
import { removeAvatar, storeAvatar } from '../../lib/avatars';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { PasswordHasher } from '../../lib/password';
import type { AuthedContext, RequestContext } from '../../lib/request-context';
import { staffMail } from '../../lib/staff-mail';
import { generateOpaqueToken, hashToken, type TokenSigner } from '../../lib/tokens';
import { accountBlock, type AuthService, staffAccounts, throttleKey } from '../auth/auth.service';
import * as repo from './account.repo';
import { matchedStep, newTotpSecret, totpFor } from './two-step-codes';

// Account flows of the web shell issue: forgot/reset password, two-step sign-in (TOTP, RFC
// 6238) with recovery codes, the user's active sessions, the avatar.

/** A single-use link to choose a password; it replaces any older one still unused. */
export const issueResetToken = repo.createResetToken;

export interface AccountDeps {
  db: Db;
  config: Config;
  hasher: PasswordHasher;
  signer: TokenSigner;
  mailer: Mailer;
  auth: AuthService;
  log: FastifyBaseLogger;
}

const RESET_TTL_MS = 30 * 60_000;
const RESET_REQUESTS_PER_HOUR = 5;
const RECOVERY_CODES = 10;

/** Recovery codes look like `k7pq-2m9x-c4tz`: 60 random bits, easy to type. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
const normaliseRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

export function createAccountService(deps: AccountDeps) {
  const { db, config, hasher, signer, mailer, auth, log } = deps;

  /** A 6-digit TOTP code (each time step once) or an unused recovery code. */
  async function checkSecondFactor(userId: string, secret: string, username: string, code: string) {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const step = matchedStep(secret, username, trimmed);
      return step !== null && repo.advanceTwoStepCounter(db, userId, step);
    }
    return repo.useRecoveryCode(db, userId, hashToken(normaliseRecoveryCode(trimmed)));
  }

  async function requireUser(userId: string) {
    const user = await staffAccounts.findById(db, userId);
    if (!user) throw new AppError('unauthorized');
    return user;
  }

  return {
    /** Always the same answer, whether or not the user exists (no account enumeration). */
    async forgotPassword(username: string, ctx: RequestContext): Promise<{ sent: true }> {
      const user = await staffAccounts.findByUsername(db, username);
      if (!user || accountBlock(user) || !user.email) return { sent: true };
      const recent = await repo.countRecentResetRequests(db, user.id, 3_600_000);
      if (recent >= RESET_REQUESTS_PER_HOUR) return { sent: true };

      const token = generateOpaqueToken();
      const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      const mailId = await db.transaction(async (tx) => {
        await repo.createResetToken(tx, {
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
          ip: ctx.ip,
        });
        await audit.record(tx, ctx, {
          action: 'user.password_reset_request',
          ...byUserThemself(user),
        });
        return mailer.enqueue(tx, {
          kind: 'password_reset',
          to: user.email!,
          tenantId: user.tenantId,
          ...staffMail('password_reset', user.language, {
            fullname: user.fullname,
            username: user.username,
            link,
          }),
        });
      });
      // Sending happens after the answer so SMTP latency does not reveal that the user exists.
      void mailer.deliver(mailId).catch((error: unknown) => log.error({ err: error }, 'mail'));
      return { sent: true };
    },

    async resetPassword(
      input: { token: string; password: string },
      ctx: RequestContext,
    ): Promise<{ reset: true }> {
      const tokenHash = hashToken(input.token);
      // Cheap check first, so an invalid link does not cost an argon2 hash.
      if (!(await repo.isResetTokenUsable(db, tokenHash)))
        throw new AppError('reset_token_invalid');
      const passwordHash = await hasher.hash(input.password);
      const user = await db.transaction(async (tx) => {
        const userId = await repo.consumeResetToken(tx, tokenHash, ctx.ip);
        const found = userId ? await staffAccounts.findById(tx, userId) : null;
        if (!found || accountBlock(found)) return null;
        await staffAccounts.setPassword(tx, found.id, passwordHash);
        const ended = await staffAccounts.endSessions(tx, found.id, 'password_reset');
        await audit.record(tx, ctx, {
          action: 'user.password_reset',
          ...byUserThemself(found),
          after: { sessions_ended: ended },
        });
        return found;
      });
      if (!user) throw new AppError('reset_token_invalid');
      // The owner of the mailbox is back: the counts start again, and signing in from where
      // the link was used is counted apart from guesses made elsewhere (decision 029).
      await staffAccounts.clearLoginThrottle(
        db,
        throttleKey(user.username),
        throttleKey(user.username, ctx.ip),
      );
      return { reset: true };
    },

    /** POST /api/two-steps: the second factor after a password sign-in answered a challenge. */
    async verifyTwoStep(input: { challenge_token: string; code: string }, ctx: RequestContext) {
      const claims = await signer.verify('two-step', input.challenge_token);
      const user = claims ? await staffAccounts.findById(db, claims.userId) : null;
      const state = user ? await repo.twoStepState(db, user.id) : null;
      if (!user || !state?.enabled || !state.secret) {
        throw new AppError('two_step_challenge_invalid');
      }
      const block = accountBlock(user);
      if (block) throw new AppError(block);
      const secret = state.secret;
      await auth.guardSecondFactor(user.id, () =>
        checkSecondFactor(user.id, secret, user.username, input.code),
      );
      return auth.issueSession(user, ctx);
    },

    async setupTwoStep(ctx: AuthedContext) {
      const user = await requireUser(ctx.principal.userId);
      if (user.twoStepEnabled) throw new AppError('two_step_already_enabled');
      const secret = newTotpSecret();
      const otpauthUrl = totpFor(secret, user.username).toString();
      const entry = {
        action: 'user.two_step_setup',
        entity: 'user',
        entityId: user.id,
      };
      await audited(db, ctx, entry, (tx) =>
        repo.setTwoStep(tx, user.id, { secret, enabled: false, lastStep: null }),
      );
      return {
        secret,
        otpauth_url: otpauthUrl,
        qr_data_url: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
      };
    },

    async enableTwoStep(code: string, ctx: AuthedContext) {
      const user = await requireUser(ctx.principal.userId);
      const state = await repo.twoStepState(db, user.id);
      if (state?.enabled) throw new AppError('two_step_already_enabled');
      if (!state?.secret) throw new AppError('two_step_not_set_up');
      const step = matchedStep(state.secret, user.username, code);
      if (step === null) throw new AppError('two_step_code_invalid');
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await db.transaction(async (tx) => {
        await repo.setTwoStep(tx, user.id, { secret: state.secret, enabled: true, lastStep: step });
        // Recovery codes are long and random, so a plain SHA-256 suffices to store them.
        await repo.replaceRecoveryCodes(
          tx,
          user.id,
          codes.map((c) => hashToken(normaliseRecoveryCode(c))),
        );
        await audit.record(tx, ctx, {
          action: 'user.two_step_enable',
          entity: 'user',
          entityId: user.id,
          before: { two_step_enabled: false },
          after: { two_step_enabled: true },
        });
      });
      return { recovery_codes: codes };
    },

    async disableTwoStep(password: string, ctx: AuthedContext) {
      const user = await requireUser(ctx.principal.userId);
      if (!user.twoStepEnabled) throw new AppError('two_step_not_enabled');
      await auth.confirmPassword(user, password, ctx);
      await db.transaction(async (tx) => {
        await repo.setTwoStep(tx, user.id, { secret: null, enabled: false, lastStep: null });
        await repo.replaceRecoveryCodes(tx, user.id, []);
        await audit.record(tx, ctx, {
          action: 'user.two_step_disable',
          entity: 'user',
          entityId: user.id,
          before: { two_step_enabled: true },
          after: { two_step_enabled: false },
        });
      });
      return { two_step_enabled: false as const };
    },

    async listSessions(ctx: AuthedContext): Promise<AccountSession[]> {
      const rows = await repo.listLiveSessions(db, ctx.principal.userId);
      return rows.map((r) => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        last_used_at: r.lastUsedAt?.toISOString() ?? null,
        ip: r.ip,
        user_agent: r.userAgent,
        current: r.id === ctx.principal.sessionId,
      }));
    },

    async revokeSession(sessionId: string, ctx: AuthedContext) {
      await db.transaction(async (tx) => {
        const revoked = await repo.revokeOwnSession(tx, ctx.principal.userId, sessionId, 'revoked');
        if (!revoked) throw new AppError('not_found');
        await audit.record(tx, ctx, {
          action: 'session.revoke',
          entity: 'session',
          entityId: sessionId,
          after: { reason: 'revoked' },
        });
      });
      return { id: sessionId, revoked: true as const };
    },

    async revokeOtherSessions(ctx: AuthedContext) {
      const ended = await db.transaction(async (tx) => {
        const count = await staffAccounts.endSessions(
          tx,
          ctx.principal.userId,
          'revoked_by_user',
          ctx.principal.sessionId,
        );
        await audit.record(tx, ctx, {
          action: 'session.revoke_others',
          entity: 'user',
          entityId: ctx.principal.userId,
          after: { sessions_ended: count },
        });
        return count;
      });
      return { sessions_ended: ended };
    },

    async setAvatar(file: Buffer, ctx: AuthedContext): Promise<{ avatar: string }> {
      const user = await requireUser(ctx.principal.userId);
      const url = await storeAvatar(config.dataDir, file);
      try {
        const entry = {
          action: 'user.avatar_change',
          entity: 'user',
          entityId: user.id,
          before: { avatar: user.avatar },
          after: { avatar: url },
        };
        await audited(db, ctx, entry, (tx) => repo.setAvatar(tx, user.id, url));
      } catch (error) {
        await removeAvatar(config.dataDir, url);
        throw error;
      }
      await removeAvatar(config.dataDir, user.avatar);
      return { avatar: url };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
