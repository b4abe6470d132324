import { drawerOpeningCreateSchema, drawerOpeningSchema } from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { authedContextOf } from '../../lib/request-context';
import { keyedRoutes } from '../../lib/keyed-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { DrawerOpeningService } from './drawer-openings.service';

// The drawer between sales (subject shift):
//   POST /shifts/{id}/drawer-openings   create-shift (the shift's cashier; close-variance-shift:
//                                       any at the outlet). Idempotency-Key required; without
//                                       close-variance-shift a manager's PIN (action no_sale).

export async function drawerOpeningRoutes(
  app: FastifyInstance,
  { service }: { service: DrawerOpeningService },
) {
  const route = defineRoutes(app, { tags: ['shifts'], context: authedContextOf });
  const keyed = keyedRoutes(route, service);

  keyed.create('/shifts/:id/drawer-openings', 'create-shift', 'open', {
    summary:
      'Open the drawer without a sale, with a reason (give_change, check_float, correct_error, other with a note); without close-variance-shift a manager approves by PIN; Idempotency-Key required',
    body: drawerOpeningCreateSchema,
    data: drawerOpeningSchema,
  });
}
