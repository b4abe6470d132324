import {
  counterTopupCreateSchema,
  counterTopupOptionsSchema,
  counterTopupSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { collectionRoutes } from '../../lib/collection-routes';
import { authedContextOf } from '../../lib/request-context';
import { keyedRoutes } from '../../lib/keyed-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { CounterTopupService } from './counter-topups.service';

// Wallet top-ups at the counter (the contract's counter-topups.ts lists the paths): the POS
// (create-pos) sells stored value by cash or card, with a receipt of its own.

export async function counterTopupRoutes(
  app: FastifyInstance,
  { service }: { service: CounterTopupService },
) {
  const route = defineRoutes(app, { tags: ['wallet'], context: authedContextOf });
  const keyed = keyedRoutes(route, service);
  const topups = collectionRoutes(route, '/counter-topups', service);

  topups.get(
    'options',
    'create-pos',
    'The wallet top-up buttons (sen) and the most a wallet may hold, for the counter',
    counterTopupOptionsSchema,
  );

  keyed.create('/customers/:id/wallet/counter-topups', 'create-pos', 'topup', {
    summary:
      'Top up a customer’s wallet at the counter by cash or card (Idempotency-Key required): stored value, not a sale; cash goes into the till’s open shift (409 shift_required when the tenant requires one and none is open); the balance after may not pass the maximum, counting app top-ups being paid (409 wallet_balance_limit). Receipt number <OUTLET>-T0001 per business day',
    body: counterTopupCreateSchema,
    data: counterTopupSchema,
  });
}
