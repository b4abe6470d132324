import {
  closureInputSchema,
  closureItemSchema,
  deletedSchema,
  outletHoursSchema,
  outletInputSchema,
  outletListQuerySchema,
  outletSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { OutletService } from './outlets.service';

// DESIGN §8 /api/outlets (subject outlet) and their hours and closures (subject
// time-management). Staff bound to an outlet (cashier, manager) only see and reach their own.

export async function outletRoutes(app: FastifyInstance, { service }: { service: OutletService }) {
  const route = defineRoutes(app, { tags: ['outlets'], context: authedContextOf });
  const outlets = resourceRoutes(route, '/outlets', service, 'outlet');

  outlets.list(
    'Outlets with open_now and next_open_at computed from hours and closures',
    outletListQuerySchema,
    outletSchema,
  );

  outlets.get('One outlet', outletSchema);

  outlets.create('Create an outlet (code unique in the tenant)', outletInputSchema, outletSchema);

  outlets.update('Update an outlet', outletInputSchema, outletSchema);

  outlets.remove('Delete an outlet without staff or orders (409 outlet_in_use: disable it)');

  const time = defineRoutes(app, { tags: ['time-management'], context: authedContextOf });
  const outlet = itemRoutes(time, '/outlets', service);
  // Writing the hours and closures read above: the service's setHours and addClosure.
  const outletEdit = itemRoutes(time, '/outlets', service, {
    methods: { hours: 'setHours', closures: 'addClosure' },
  });

  outlet.get(
    'hours',
    'read-time-management',
    'Weekly hours (day 0 = Sunday; several ranges a day) and last-order minutes',
    outletHoursSchema,
  );

  outletEdit.put(
    'hours',
    'update-time-management',
    'Replace the weekly hours; a close before the open runs past midnight; ranges of a day may not overlap',
    outletHoursSchema,
    outletHoursSchema,
  );

  outlet.get(
    'closures',
    'read-time-management',
    'Closures (dates inclusive, in the outlet time zone), latest first',
    z.array(closureItemSchema),
  );

  outletEdit.create(
    'closures',
    'update-time-management',
    'Close the outlet for a date or a range of dates, with a reason',
    closureItemSchema,
    closureInputSchema,
  );

  time.delete('/outlets/:id/closures/:closureId', {
    config: { permission: 'update-time-management' },
    summary: 'Remove a closure',
    params: z.object({ id: z.uuid(), closureId: z.uuid() }),
    data: deletedSchema,
    handler: (ctx, { params }) => service.removeClosure(ctx, params.id, params.closureId),
  });
}
