import {
  approverSchema,
  approversQuerySchema,
  pinStatusSchema,
  setPinSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUTHENTICATED, anyOf } from '../../lib/access';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { ApprovalService } from './approvals.service';

// A manager's PIN (docs/decisions/055). Permissions:
//   GET    /account/pin                     signed in     whether one has a PIN (and if locked)
//   PUT    /account/pin                     signed in     set or change it, with the password
//   DELETE /account/pin                     signed in     remove it
//   GET    /approvers?outlet_id&action      create-pos | create-shift   who may approve here
// Staff bound to an outlet ask only about their outlet (anything else is a 404).

export async function approvalRoutes(
  app: FastifyInstance,
  { service, rateLimit }: { service: ApprovalService; rateLimit: number },
) {
  const route = defineRoutes(app, { tags: ['approvals'], context: authedContextOf });

  route.get('/account/pin', {
    config: { permission: AUTHENTICATED },
    summary: 'Whether the signed-in user has a PIN to approve with at the till',
    data: pinStatusSchema,
    handler: (ctx) => service.pinStatus(ctx),
  });

  route.put('/account/pin', {
    // The password it takes is guessed no faster than at sign-in. Setting a PIN twice is the same
    // as once, and a kept key would keep a hash of a body holding a 4-digit PIN: no key.
    config: {
      permission: AUTHENTICATED,
      idempotency: false,
      rateLimit: { max: rateLimit, timeWindow: 60_000 },
    },
    summary: 'Set or change one’s 4–6 digit PIN (the password proves it is the owner); unlocks it',
    body: setPinSchema,
    data: pinStatusSchema,
    handler: (ctx, { body }) => service.setPin(ctx, body),
  });

  route.delete('/account/pin', {
    // Removing it twice is removing it once.
    config: { permission: AUTHENTICATED, idempotency: false },
    summary: 'Remove one’s PIN',
    data: pinStatusSchema,
    handler: (ctx) => service.clearPin(ctx),
  });

  route.get('/approvers', {
    config: { permission: anyOf('create-pos', 'create-shift') },
    summary: 'Staff who may approve an action at the outlet by PIN (the caller left out)',
    querystring: approversQuerySchema,
    data: z.array(approverSchema),
    handler: (ctx, { query }) => service.approvers(ctx, query),
  });
}
