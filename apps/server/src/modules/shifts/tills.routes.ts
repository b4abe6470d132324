import {
  idParamSchema,
  tillCreateSchema,
  tillQuerySchema,
  tillSchema,
  tillUpdateSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { anyOf } from '../../lib/access';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { TillService } from './tills.service';

// DESIGN §8 tills (decision 035). Permissions:
//   GET    /tills?outlet_id   read-shift | create-shift | update-outlet (the POS picks its till;
//                             the outlet page manages them)
//   POST   /tills             update-outlet
//   PUT    /tills/{id}        update-outlet (rename)
//   DELETE /tills/{id}        update-outlet (409 till_in_use once rung up on, till_last for the last)
// Staff bound to an outlet only reach that outlet's tills (anything else is a 404).

const readers = anyOf('read-shift', 'create-shift', 'update-outlet');

export async function tillRoutes(app: FastifyInstance, { service }: { service: TillService }) {
  const route = defineRoutes(app, { tags: ['shifts'], context: authedContextOf });
  const tills = resourceRoutes(route, '/tills', service, {
    read: readers,
    create: 'update-outlet',
    update: 'update-outlet',
    delete: 'update-outlet',
  });

  route.get('/tills', {
    config: { permission: readers },
    summary: "An outlet's tills (every outlet has one) with the shift open on each",
    querystring: tillQuerySchema,
    data: z.array(tillSchema),
    handler: (ctx, { query }) => service.list(ctx, query.outlet_id),
  });

  tills.create(
    'Add a till (a named cash register) to an outlet; 409 till_name_taken on a duplicate',
    tillCreateSchema,
    tillSchema,
  );

  route.put('/tills/:id', {
    config: { permission: 'update-outlet' },
    summary: 'Rename a till; 409 till_name_taken on a duplicate',
    params: idParamSchema,
    body: tillUpdateSchema,
    data: tillSchema,
    handler: (ctx, { params, body }) => service.rename(ctx, params.id, body),
  });

  tills.remove(
    'Delete a till nothing was rung up on (409 till_in_use), never the outlet’s last (409 till_last)',
  );
}
