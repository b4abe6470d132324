import {
  cashMovementCreateSchema,
  cashMovementSchema,
  currentShiftQuerySchema,
  currentShiftsSchema,
  idParamSchema,
  moneyWorkingSchema,
  myShiftsQuerySchema,
  shiftCloseSchema,
  shiftListQuerySchema,
  shiftOpenSchema,
  shiftViewSchema,
  shiftSummarySchema,
  workingExportQuerySchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { anyOf } from '../../lib/access';
import { collectionRoutes } from '../../lib/collection-routes';
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { keyedRoutes } from '../../lib/keyed-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { ShiftService } from './shifts.service';

// DESIGN §8 shifts (subject shift, decision 035; tills in tills.routes). Permissions:
//   GET  /shifts/current, /shifts/{id}[/working[/export]]
//                                               read-shift | create-shift (a cashier: their own shift)
//   GET  /shifts                                read-shift
//   GET  /shifts/mine                           create-shift (one's own, closed ones too)
//   POST /shifts                                create-shift (open; Idempotency-Key required)
//   POST /shifts/{id}/movements                 update-shift (cash in/out; Idempotency-Key required)
//   POST /shifts/{id}/close                     create-shift (one's own; close-variance-shift: any,
//                                               and beyond the variance tolerance with a note)
// Staff bound to an outlet only reach that outlet's tills and shifts (anything else is a 404).
// With the tenant's blind count an open shift's cash is hidden from callers without
// close-variance-shift (shift-access's viewFor), and its working is refused to them (403).

const readers = anyOf('read-shift', 'create-shift');

export async function shiftRoutes(app: FastifyInstance, { service }: { service: ShiftService }) {
  const route = defineRoutes(app, { tags: ['shifts'], context: authedContextOf });
  const keyed = keyedRoutes(route, service);
  const shift = itemRoutes(route, '/shifts', service);
  const shifts = collectionRoutes(route, '/shifts', service);
  const shiftList = resourceRoutes(route, '/shifts', service, 'shift');

  shiftList.list(
    'Shifts, newest first: outlet_id, till_id, cashier_id, status, from/to (business date of the opening)',
    shiftListQuerySchema,
    shiftSummarySchema,
  );

  shifts.list(
    'mine',
    'create-shift',
    "The caller's own shifts, newest first, closed ones too (a cashier reprints a closed shift's report); status filters",
    myShiftsQuerySchema,
    shiftSummarySchema,
  );

  route.get('/shifts/current', {
    config: { permission: readers },
    summary:
      "The shifts open now on the outlet's tills, whether a sale needs one and the variance tolerance",
    querystring: currentShiftQuerySchema,
    data: currentShiftsSchema,
    handler: (ctx, { query }) => service.current(ctx, query.outlet_id),
  });

  route.get('/shifts/:id', {
    config: { permission: readers },
    summary:
      'A shift with its report: sales by method, refunds, discounts, voids, cash movements, expected, counted and variance (without read-shift: one’s own shifts only)',
    params: idParamSchema,
    data: shiftViewSchema,
    handler: (ctx, { params }) => service.get(ctx, params.id),
  });

  shift.get(
    'working',
    readers,
    'The rows behind a shift report (decision 049): the orders rung up in it, their payment lines, the refunds paid from its drawer and its cash movements',
    moneyWorkingSchema,
  );

  route.download('/shifts/:id/working/export', {
    config: { permission: readers },
    summary: 'The same rows as CSV in lang (else the user’s saved language), amounts in ringgit',
    params: idParamSchema,
    querystring: workingExportQuerySchema,
    handler: (ctx, { params, query }) => service.workingCsv(ctx, params.id, query.lang),
  });

  keyed.create('/shifts', 'create-shift', 'open', {
    summary:
      'Open a shift at a till with the float counted by denomination (Idempotency-Key required); 409 shift_already_open',
    body: shiftOpenSchema,
    data: shiftViewSchema,
  });

  keyed.create('/shifts/:id/movements', 'update-shift', 'addMovement', {
    summary:
      'Cash in or out of an open shift’s drawer with a reason (petty_cash, bank_drop, other with a note); Idempotency-Key required',
    body: cashMovementCreateSchema,
    data: cashMovementSchema,
  });

  shift.post(
    'close',
    { permission: 'create-shift', idempotency: 'required' },
    'Close a shift with the drawer counted by denomination: expected = float + cash sales − cash refunds + cash in − cash out + cash wallet top-ups; beyond the tenant’s tolerance a note and close-variance-shift are needed (400 shift_variance_note_required)',
    shiftViewSchema,
    shiftCloseSchema,
  );
}
