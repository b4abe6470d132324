import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '../db/seed-data';
import type { Db } from '../db/database';
import type { MatrixRole, MatrixRow } from './authorization-matrix';
import { addOpenShift } from './shift-rows';

// The authorization matrix's rows and requests for the drawer between sales: a "no
// sale" opening of one's own shift (the cashier's with the manager's PIN) and one's own shifts.

type Answers = Record<MatrixRole, 200 | 201 | 403 | 404>;
const row = (route: string, expect: Answers, variant?: string): MatrixRow => ({
  route,
  ...(variant ? { variant } : {}),
  expect,
});

export const drawerMatrixRows: MatrixRow[] = [
  row('POST /api/shifts/:id/drawer-openings', {
    superadmin: 201,
    admin: 201,
    manager: 201,
    cashier: 201,
    finance: 403,
  }),
  row(
    'POST /api/shifts/:id/drawer-openings',
    { superadmin: 201, admin: 201, manager: 404, cashier: 404, finance: 403 },
    'other outlet',
  ),
  row('GET /api/shifts/mine', {
    superadmin: 200,
    admin: 200,
    manager: 200,
    cashier: 200,
    finance: 403,
  }),
];

interface Env {
  db: Db;
  tenantId: string;
  outlets: { own: string; other: string };
  userId: (role: MatrixRole) => Promise<string>;
  /** Sets the manager's PIN (the cashier's no-sale needs their approval). */
  setManagerPin: (pin: string) => Promise<void>;
}

export function drawerMatrixRequests(env: () => Env) {
  const newShift = async (role: MatrixRole, outletId: string) =>
    addOpenShift(
      env().db,
      env().tenantId,
      outletId,
      { id: await env().userId(role), name: role },
      `Drawer till ${randomUUID().slice(0, 8)}`,
    );
  const opening = (outlet: 'own' | 'other') => async (role: MatrixRole) => {
    const shift = await newShift(role, env().outlets[outlet]);
    // A cashier opens the drawer with the manager's PIN; the others alone.
    const approval =
      role === 'cashier'
        ? await env()
            .setManagerPin('5173')
            .then(async () => ({
              approver_id: await env().userId('manager'),
              pin: '5173',
              device_id: 'matrix-device',
            }))
        : undefined;
    return {
      url: `/api/shifts/${shift.id}/drawer-openings`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { reason: 'check_float', ...(approval ? { approval } : {}) },
    };
  };
  return {
    'POST /api/shifts/:id/drawer-openings': opening('own'),
    'POST /api/shifts/:id/drawer-openings|other outlet': opening('other'),
    'GET /api/shifts/mine': () => ({ url: '/api/shifts/mine?status=closed' }),
  };
}

export const drawerMatrixAudits: Record<string, string> = {
  'POST /api/shifts/:id/drawer-openings': 'shift.drawer_open shift',
};

/** The body that sets a PIN for the demo users (their password is the demo one). */
export const matrixPinBody = (pin: string) => ({
  pin,
  pin_confirm: pin,
  old_password: DEMO_PASSWORD,
});
