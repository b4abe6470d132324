import type {
  Outlet,
  Tenant,
  TenantContext,
  TenantCreated,
  TenantCreateInput,
  TenantInput,
  tenantListQuerySchema,
} from '@kopi/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { audited, createdEntry, updatedEntry } from '../../lib/audit';
import { uniqueFieldTaken } from '../../lib/db-errors';
import { AppError, found, validationError } from '../../lib/errors';
import { offsetOf, pageAnswer } from '../../lib/paging';
import type { AuthedContext } from '../../lib/request-context';
import { staffAccounts } from '../auth/auth.service';
import type { UserService } from '../users/users.service';
import * as repo from './tenants.repo';

// Tenants, the platform superadmin's work: list, create, settings, suspend and
// activate, every tenant with its outlets, and working inside a tenant. Suspension needs no
// extra step: sign-in refuses a suspended tenant's staff (tenant_suspended) and the per-request
// session check (lib/principal.ts) ends their live sessions at once.

type ListQuery = z.infer<typeof tenantListQuerySchema>;

export interface TenantServiceDeps {
  db: Db;
  /** Outlets with their open state, from the outlets module. */
  outletsOfTenant: (tenantId: string) => Promise<Outlet[]>;
  /** The users module's set-up of a new tenant's first admin. */
  tenantAdmins: Pick<UserService, 'prepareTenantAdmin'>;
}

export function toTenant(r: repo.TenantRow): Tenant {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    plan: r.plan,
    status: r.status as Tenant['status'],
    legal_name: r.legalName ?? r.name,
    sst_registration_no: r.sstRegistrationNo,
    tin: r.tin,
    brn: r.brn,
    service_tax_rate_bp: r.serviceTaxRateBp,
    service_charge_rate_bp: r.serviceChargeRateBp,
    service_charge_methods: r.serviceChargeMethods as Tenant['service_charge_methods'],
    // The API name says what it means; the column predates it.
    service_charge_taxable: r.serviceTaxOnServiceCharge,
    cash_rounding: r.cashRounding,
    timezone: r.timezone,
    business_day_cutoff_hour: r.businessDayCutoffHour,
    refund_manager_limit: r.refundManagerLimit,
    manual_discount_max_bp: r.manualDiscountMaxBp,
    shifts_required: r.shiftsRequired,
    shift_variance_tolerance: r.shiftVarianceTolerance,
    outlet_count: r.outletCount,
    user_count: r.userCount,
    created_at: r.createdAt.toISOString(),
  };
}

function valuesOf(input: TenantInput): repo.TenantValues {
  try {
    new Intl.DateTimeFormat('en', { timeZone: input.timezone });
  } catch {
    throw validationError([{ path: 'timezone', message: 'validation.invalid' }]);
  }
  return {
    name: input.name,
    slug: input.slug,
    plan: input.plan,
    legalName: input.legal_name,
    sstRegistrationNo: input.sst_registration_no || null,
    tin: input.tin || null,
    brn: input.brn || null,
    serviceTaxRateBp: input.service_tax_rate_bp,
    serviceChargeRateBp: input.service_charge_rate_bp,
    serviceChargeMethods: [...new Set(input.service_charge_methods)],
    serviceTaxOnServiceCharge: input.service_charge_taxable,
    cashRounding: input.cash_rounding,
    timezone: input.timezone,
    businessDayCutoffHour: input.business_day_cutoff_hour,
    // Left out (a form that predates it): the column's default on create, unchanged on update.
    ...(input.refund_manager_limit === undefined
      ? {}
      : { refundManagerLimit: input.refund_manager_limit }),
    ...(input.manual_discount_max_bp === undefined
      ? {}
      : { manualDiscountMaxBp: input.manual_discount_max_bp }),
    ...(input.shifts_required === undefined ? {} : { shiftsRequired: input.shifts_required }),
    ...(input.shift_variance_tolerance === undefined
      ? {}
      : { shiftVarianceTolerance: input.shift_variance_tolerance }),
  };
}

const slugTaken = uniqueFieldTaken('tenants_slug_unique', 'tenant_slug_taken', 'slug');

/** The first admin's field errors, named as the creation payload names them. */
const underFirstAdmin = (error: unknown): never => {
  if (error instanceof AppError && error.options.details) {
    throw new AppError(error.code, {
      ...error.options,
      details: error.options.details.map((d) => ({ ...d, path: `first_admin.${d.path}` })),
    });
  }
  throw error;
};

/** Only platform staff (no tenant of their own) work inside other tenants. */
function requirePlatformUser(ctx: AuthedContext) {
  if (ctx.principal.tenantId !== null && !ctx.principal.acting) {
    throw new AppError('not_platform_user');
  }
}

export function createTenantService({ db, outletsOfTenant, tenantAdmins }: TenantServiceDeps) {
  const require = async (id: string) => found(await repo.findById(db, id));

  async function setStatus(ctx: AuthedContext, id: string, status: 'active' | 'suspended') {
    requirePlatformUser(ctx);
    const before = await require(id);
    if (before.status !== status) {
      const entry = {
        action: status === 'suspended' ? 'tenant.suspend' : 'tenant.activate',
        entity: 'tenant',
        entityId: id,
        tenantId: id,
        before: { status: before.status },
        after: { status },
      };
      await audited(db, ctx, entry, (tx) => repo.update(tx, id, { status }));
    }
    return toTenant(await require(id));
  }

  return {
    async list(ctx: AuthedContext, q: ListQuery) {
      requirePlatformUser(ctx);
      return pageAnswer(
        q,
        await repo.list(db, { q: q.q, status: q.status }, q.page_size, offsetOf(q)),
        toTenant,
      );
    },

    async get(ctx: AuthedContext, id: string): Promise<Tenant> {
      requirePlatformUser(ctx);
      return toTenant(await require(id));
    },

    async outlets(ctx: AuthedContext, id: string): Promise<Outlet[]> {
      requirePlatformUser(ctx);
      await require(id);
      return outletsOfTenant(id);
    },

    /**
     * A new tenant with the built-in roles and its first admin (the tenant's admin role), in one
     * transaction: either both exist or neither. Outlets are the admin's to add.
     */
    async create(ctx: AuthedContext, input: TenantCreateInput): Promise<TenantCreated> {
      requirePlatformUser(ctx);
      const { first_admin: firstAdmin, ...tenant } = input;
      const values = valuesOf(tenant);
      const admin = await tenantAdmins.prepareTenantAdmin(ctx, firstAdmin);
      // A new tenant's entry belongs to the new tenant; the admin's password never goes in it.
      const entry = ({ id }: { id: string }) =>
        createdEntry('tenant', tenant, { tenantId: id })(id);
      const created = await audited(db, ctx, entry, async (tx) => {
        const { id, adminRoleId } = await repo.insert(tx, values).catch(slugTaken);
        const added = await admin.insert(tx, id, adminRoleId).catch(underFirstAdmin);
        return { id, ...added };
      });
      admin.deliver(created.mailId);
      return { ...toTenant(await require(created.id)), first_admin: created.user };
    },

    async update(ctx: AuthedContext, id: string, input: TenantInput): Promise<Tenant> {
      requirePlatformUser(ctx);
      const before = await require(id);
      const values = valuesOf(input);
      const entry = updatedEntry('tenant', id, toTenant(before), input, { tenantId: id });
      await audited(db, ctx, entry, (tx) => repo.update(tx, id, values)).catch(slugTaken);
      return toTenant(await require(id));
    },

    suspend: (ctx: AuthedContext, id: string) => setStatus(ctx, id, 'suspended'),
    activate: (ctx: AuthedContext, id: string) => setStatus(ctx, id, 'active'),

    /**
     * Work inside a tenant: the session carries the tenant, so every tenant-scoped call acts in
     * it; the audit log keeps the real user as the actor, with the tenant acted in.
     */
    async enter(ctx: AuthedContext, id: string): Promise<TenantContext> {
      requirePlatformUser(ctx);
      const tenant = await require(id);
      const entry = { action: 'tenant.enter', entity: 'tenant', entityId: id, tenantId: id };
      await audited(db, ctx, entry, (tx) => repo.setActingTenant(tx, ctx.principal.sessionId, id));
      return { acting_tenant_id: tenant.id, acting_tenant_name: tenant.name };
    },

    async leave(ctx: AuthedContext): Promise<TenantContext> {
      const acting = await staffAccounts.actingTenant(db, ctx.principal.sessionId);
      if (acting) {
        const entry = {
          action: 'tenant.leave',
          entity: 'tenant',
          entityId: acting.id,
          tenantId: acting.id,
        };
        await audited(db, ctx, entry, (tx) =>
          repo.setActingTenant(tx, ctx.principal.sessionId, null),
        );
      }
      return { acting_tenant_id: null, acting_tenant_name: null };
    },

    async context(ctx: AuthedContext): Promise<TenantContext> {
      const acting = await staffAccounts.actingTenant(db, ctx.principal.sessionId);
      return { acting_tenant_id: acting?.id ?? null, acting_tenant_name: acting?.name ?? null };
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;
