import type { PasswordSetup, PasswordSetupResult } from '@kopi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { audited } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { PasswordHasher } from '../../lib/password';
import type { AuthedContext } from '../../lib/request-context';
import { scopeOf } from '../../lib/caller-tenant';
import { staffMail } from '../../lib/staff-mail';
import { generateOpaqueToken, hashToken } from '../../lib/tokens';
import { issueResetToken } from '../account/account.service';
import { staffAccounts } from '../auth/auth.service';
import type { UserAccess } from './user-access';
import { generateTemporaryPassword } from './user-view';
import * as repo from './users.repo';

// A password an administrator sets up for a user: an e-mailed single-use link, or a temporary
// password the user must change at the next sign-in.

export interface UserPasswordDeps {
  db: Db;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Public origin for e-mailed links. */
  appUrl: string;
  log: FastifyBaseLogger;
}

/** Links an administrator sends stay valid a day: staff may not read mail within minutes. */
const ADMIN_LINK_TTL_MS = 24 * 3_600_000;

export function createUserPasswords(deps: UserPasswordDeps, access: UserAccess) {
  const { db, hasher, mailer, log } = deps;

  /** Queues the e-mail with a single-use link to choose a password (inside `tx`). */
  async function queuePasswordLink(
    tx: Db,
    ctx: AuthedContext,
    user: {
      id: string;
      username: string;
      fullname: string;
      email: string;
      tenantId: string | null;
      /** The mail is written in the recipient's language. */
      language: string;
    },
    kind: 'account_invite' | 'password_reset',
  ): Promise<string> {
    const token = generateOpaqueToken();
    await issueResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ADMIN_LINK_TTL_MS),
      ip: ctx.ip,
    });
    const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const mail = staffMail(
      kind === 'account_invite' ? 'account_invite' : 'password_reset_by_admin',
      user.language,
      { fullname: user.fullname, username: user.username, link },
    );
    return mailer.enqueue(tx, { kind, to: user.email, tenantId: user.tenantId, ...mail });
  }

  const deliver = (mailId: string | null) => {
    if (mailId)
      void mailer.deliver(mailId).catch((error: unknown) => log.error({ err: error }, 'mail'));
  };

  /**
   * An e-mailed single-use link (the current password keeps working until it is used), or a
   * temporary password: set at once, every session ends, and the user must change it next.
   */
  async function resetPassword(
    ctx: AuthedContext,
    id: string,
    setup: PasswordSetup,
  ): Promise<PasswordSetupResult> {
    const user = await access.requireManageable(ctx, id);
    if (setup.method === 'email') {
      if (!user.email) throw new AppError('user_email_missing');
      const email = user.email;
      const entry = {
        action: 'user.password_reset_link',
        entity: 'user',
        entityId: id,
        tenantId: user.tenantId,
        after: { email_sent_to: email },
      };
      const mailId = await audited(db, ctx, entry, (tx) =>
        queuePasswordLink(tx, ctx, { ...user, email }, 'password_reset'),
      );
      deliver(mailId);
      return {
        method: 'email',
        temporary_password: null,
        email_sent_to: email,
        sessions_ended: 0,
      };
    }
    const temporary = setup.password ?? generateTemporaryPassword();
    const passwordHash = await hasher.hash(temporary);
    const entry = (count: number) => ({
      action: 'user.password_temporary',
      entity: 'user',
      entityId: id,
      tenantId: user.tenantId,
      before: { must_change_password: user.mustChangePassword },
      after: { must_change_password: true, sessions_ended: count },
    });
    const ended = await audited(db, ctx, entry, async (tx) => {
      await repo.setTemporaryPassword(tx, scopeOf(ctx), id, passwordHash);
      return staffAccounts.endSessions(tx, id, 'temporary_password');
    });
    return {
      method: 'temporary',
      temporary_password: setup.password ? null : temporary,
      email_sent_to: null,
      sessions_ended: ended,
    };
  }

  return { queuePasswordLink, deliver, resetPassword };
}
