import {
  AUDIT_EXPORT_LIMIT,
  auditDiff,
  type AuditEntry,
  type AuditEntryDetail,
  type AuditFilterOptions,
  type AuditFiltersQuery,
  type AuditListQuery,
  auditExportColumns,
  auditReferenceKeys,
  type ListQuery,
} from '@kopi/contract';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/database';
import { tenantCondition } from '../../db/tenant-scope';
import { scopeOf } from '../../lib/caller-tenant';
import { AppError } from '../../lib/errors';
import { listMeta, offsetOf } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import * as repo from './logs.repo';
import { recordKey } from './record-key';
import { isUuid } from '../../lib/uuid';

// The audit log: list with filters, one entry with the difference of its before
// and after, CSV export. Read-only: the API has no route that edits or deletes an entry.
// Scope: see the contract's audit-log.ts header.

type Filters = Omit<AuditListQuery, 'page' | 'page_size' | 'sort'>;

export function toAuditEntry(r: repo.AuditSummaryRow, label?: string): AuditEntry {
  return {
    id: r.id,
    tenant_id: r.tenantId,
    tenant_name: r.tenantName,
    actor_id: r.actorId,
    actor_username: r.actorUsername,
    action: r.action,
    entity: r.entity,
    entity_id: r.entityId,
    entity_label: label ?? r.snapshotLabel ?? null,
    ip: r.ip,
    user_agent: r.userAgent,
    request_id: r.requestId,
    created_at: r.createdAt.toISOString(),
  };
}

// A cell starting with = + - @ would run as a formula in a spreadsheet: prefix a quote.
const cell = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const shown = (v: unknown) => (v === null || v === undefined ? '∅' : JSON.stringify(v));

/** The changes of an entry on one line: `path: before → after; …`. */
export function changesText(before: unknown, after: unknown): string {
  return auditDiff(before, after)
    .map((c) =>
      c.kind === 'added'
        ? `${c.path}: + ${shown(c.after)}`
        : c.kind === 'removed'
          ? `${c.path}: − ${shown(c.before)}`
          : `${c.path}: ${shown(c.before)} → ${shown(c.after)}`,
    )
    .join('; ');
}

const referenceKeys = new Set<string>(auditReferenceKeys);

/** Role and outlet ids a snapshot refers to, at any depth (see `auditReferenceKeys`). */
export function referencedIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    referenceKeys.has(key) && typeof v === 'string' && isUuid(v) ? [v] : referencedIds(v),
  );
}

/** Entries with what staff call their records now (see `repo.recordLabels`). */
async function labelled(db: Db, rows: repo.AuditSummaryRow[]): Promise<AuditEntry[]> {
  const refOf = (r: repo.AuditSummaryRow) =>
    r.entityId ? { entity: r.entity, id: r.entityId, tenantId: r.tenantId } : null;
  const labels = await repo.recordLabels(
    db,
    rows.map(refOf).filter((ref) => ref !== null),
  );
  return rows.map((r) => {
    const ref = refOf(r);
    return toAuditEntry(r, ref ? labels.get(recordKey(ref)) : undefined);
  });
}

export function createLogService({ db }: { db: Db }) {
  function filterOf(ctx: AuthedContext, q: Filters): repo.AuditFilter {
    return {
      tenantId: tenantCondition(scopeOf(ctx), q.tenant_id),
      boundOutletId: ctx.principal.outletId,
      actorId: q.actor_id,
      action: q.action,
      entity: q.entity,
      entityId: q.entity_id,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      q: q.q,
    };
  }

  return {
    async list(ctx: AuthedContext, q: AuditListQuery) {
      const { rows, total } = await repo.list(db, filterOf(ctx, q), q.page_size, offsetOf(q));
      return { data: await labelled(db, rows), meta: listMeta(q, total) };
    },

    /** What one user did (the user view's recent activity); the caller checked the user. */
    async activityOf(ctx: AuthedContext, userId: string, q: ListQuery) {
      const filter = { ...filterOf(ctx, {}), actorId: userId };
      const { rows, total } = await repo.list(db, filter, q.page_size, offsetOf(q));
      return { data: await labelled(db, rows), meta: listMeta(q, total) };
    },

    async get(ctx: AuthedContext, id: string): Promise<AuditEntryDetail> {
      const row = await repo.findById(db, filterOf(ctx, {}), id);
      if (!row) throw new AppError('not_found');
      const ids = [...referencedIds(row.before), ...referencedIds(row.after)];
      const [entry] = await labelled(db, [row]);
      return {
        ...entry!,
        before: row.before ?? null,
        after: row.after ?? null,
        changes: auditDiff(row.before, row.after),
        // Within the entry's own tenant, which the caller may see: no name leaks across tenants.
        names: await repo.referenceNames(db, row.tenantId, [...new Set(ids)]),
      };
    },

    async filters(ctx: AuthedContext, q: AuditFiltersQuery = {}): Promise<AuditFilterOptions> {
      return repo.filterOptions(db, filterOf(ctx, { tenant_id: q.tenant_id }));
    },

    /** The filtered log, newest first, at most AUDIT_EXPORT_LIMIT rows. */
    async exportCsv(ctx: AuthedContext, q: Filters): Promise<{ filename: string; body: string }> {
      const rows = await repo.exportRows(db, filterOf(ctx, q), AUDIT_EXPORT_LIMIT);
      const entries = await labelled(db, rows);
      const body = stringify(
        rows.map((r, i) => [
          r.createdAt.toISOString(),
          cell(r.tenantName),
          cell(r.actorUsername),
          r.action,
          r.entity,
          cell(r.entityId),
          cell(entries[i]!.entity_label),
          cell(r.ip),
          cell(r.userAgent),
          cell(r.requestId),
          cell(changesText(r.before, r.after)),
        ]),
        { header: true, columns: [...auditExportColumns] },
      );
      const stamp = new Date().toISOString().slice(0, 10);
      return { filename: `audit-log-${stamp}.csv`, body };
    },
  };
}

export type LogService = ReturnType<typeof createLogService>;
