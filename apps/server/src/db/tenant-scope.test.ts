import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from './schema/orders';
import { pinAttempts } from './schema/approvals';
import { isTenant, ownedWhere, sameTenant, tenantOfRow } from './tenant-scope';

// The SQL each helper writes, spelled out: the isolation of every query rests on these strings.
const dialect = new PgDialect();
const render = (condition: SQL | undefined) => {
  const { sql, params } = dialect.sqlToQuery(condition!);
  return { sql, params };
};
const T = '00000000-0000-4000-8000-000000000001';
const U = '00000000-0000-4000-8000-000000000002';

describe('tenant scope helpers', () => {
  it('isTenant names the tenant row by its id', () => {
    expect(render(isTenant(T))).toEqual({ sql: '"tenants"."id" = $1', params: [T] });
  });

  it("tenantOfRow joins a row to its own tenant's row", () => {
    expect(render(tenantOfRow(orders)).sql).toBe('"tenants"."id" = "orders"."tenant_id"');
  });

  it('sameTenant ties a correlated row to the tenant of the outer row', () => {
    expect(render(sameTenant('p', '"orders"')).sql).toBe('p.tenant_id = "orders".tenant_id');
  });

  it('ownedWhere puts the tenant first, then each value in the order written, then the rest', () => {
    const { sql, params } = render(
      ownedWhere(pinAttempts, T, { userId: U, deviceId: 'till-1' }, undefined),
    );
    expect(sql).toBe(
      '("pin_attempts"."tenant_id" = $1 and "pin_attempts"."user_id" = $2 and "pin_attempts"."device_id" = $3)',
    );
    expect(params).toEqual([T, U, 'till-1']);
  });

  it('ownedWhere with no values is the tenant alone', () => {
    expect(render(ownedWhere(orders, T, {}))).toEqual({
      sql: '"orders"."tenant_id" = $1',
      params: [T],
    });
  });

  it('ownedWhere refuses a missing or null value instead of matching everything or nothing', () => {
    const missing: string | undefined = undefined;
    expect(() => ownedWhere(pinAttempts, T, { userId: U, deviceId: missing })).toThrow(
      /deviceId is undefined/,
    );
    const none = null as unknown as string;
    expect(() => ownedWhere(orders, T, { id: none })).toThrow(/id is null/);
  });
});
