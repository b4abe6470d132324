import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/platform';
import { useTestApp } from '../test/use-test-app';
import { audit, maskPhone, redact } from './audit';
import type { RequestContext } from './request-context';

const { t } = useTestApp({ seedDemo: false });

const ctx: RequestContext = {
  principal: {
    userId: '00000000-0000-4000-8000-000000000001',
    sessionId: '00000000-0000-4000-8000-000000000002',
    tenantId: '00000000-0000-4000-8000-000000000003',
    username: 'auditor',
    outletId: null,
    roleId: '00000000-0000-4000-8000-000000000004',
    roleName: 'admin',
    permissions: [],
  },
  ip: '203.0.113.7',
  userAgent: 'vitest',
  requestId: 'req-1',
};

describe('audit.record', () => {
  it('records actor, tenant, action, entity, before, after, address, agent and time', async () => {
    await t.database.db.transaction(async (tx) => {
      await audit.record(tx, ctx, {
        action: 'outlet.update',
        entity: 'outlet',
        entityId: 'o-1',
        before: { name: 'KL', password_hash: 'argon2…' },
        after: { name: 'Kuala Lumpur', nested: { token: 'secret' } },
      });
    });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'outlet.update'));
    expect(row).toMatchObject({
      actorId: ctx.principal!.userId,
      actorUsername: 'auditor',
      tenantId: ctx.principal!.tenantId,
      entity: 'outlet',
      entityId: 'o-1',
      before: { name: 'KL', password_hash: '[redacted]' },
      after: { name: 'Kuala Lumpur', nested: { token: '[redacted]' } },
      ip: '203.0.113.7',
      userAgent: 'vitest',
      requestId: 'req-1',
    });
    expect(row!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('disappears with the write when the transaction rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await audit.record(tx, ctx, { action: 'outlet.delete', entity: 'outlet', entityId: 'o-2' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'outlet.delete'));
    expect(rows).toEqual([]);
  });

  it('redacts secrets at any depth and keeps dates readable', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(redact({ a: [{ refresh_token: 'x', ok: 1 }], at })).toEqual({
      a: [{ refresh_token: '[redacted]', ok: 1 }],
      at: '2026-01-02T03:04:05.000Z',
    });
  });
});

describe('maskPhone', () => {
  it('keeps the country code and the last four digits of an E.164 phone (8 to 15 digits)', () => {
    expect(maskPhone('+60123458564')).toBe('+60•••••8564');
    expect(maskPhone('+6591234567')).toBe('+65•••••4567');
    // The shortest and longest E.164 numbers, and one digit past each.
    expect(maskPhone('+65123456')).toBe('+65•••••3456');
    expect(maskPhone('+6512345')).toBe('•••');
    expect(maskPhone('+601234567890123')).toBe('+60•••••0123');
    expect(maskPhone('+6012345678901234')).toBe('•••');
  });

  it('shows anything else (an anonymised placeholder) as bullets only', () => {
    expect(maskPhone('anon:2b4d7e1a-0000-4000-8000-000000000001')).toBe('•••');
    expect(maskPhone('')).toBe('•••');
  });
});
