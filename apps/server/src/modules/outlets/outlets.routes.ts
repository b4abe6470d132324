import {
  closureInputSchema,
  closureItemSchema,
  dataEnvelope,
  idParamSchema,
  listEnvelope,
  outletHoursSchema,
  outletInputSchema,
  outletListQuerySchema,
  outletSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import type { OutletService } from './outlets.service';

// DESIGN §8 /api/outlets (subject outlet) and their hours and closures (subject
// time-management). Staff bound to an outlet (cashier, manager) only see and reach their own.

const deleted = dataEnvelope(z.object({ id: z.string(), deleted: z.literal(true) }));

export async function outletRoutes(app: FastifyInstance, { service }: { service: OutletService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['outlets'];

  r.get(
    '/outlets',
    {
      config: { permission: 'read-outlet' },
      schema: {
        tags,
        summary: 'Outlets with open_now and next_open_at computed from hours and closures',
        querystring: outletListQuerySchema,
        response: { 200: listEnvelope(outletSchema) },
      },
    },
    async (request) => service.list(authedContextOf(request), request.query),
  );

  r.get(
    '/outlets/:id',
    {
      config: { permission: 'read-outlet' },
      schema: {
        tags,
        summary: 'One outlet',
        params: idParamSchema,
        response: { 200: dataEnvelope(outletSchema) },
      },
    },
    async (request) => ({ data: await service.get(authedContextOf(request), request.params.id) }),
  );

  r.post(
    '/outlets',
    {
      config: { permission: 'create-outlet' },
      schema: {
        tags,
        summary: 'Create an outlet (code unique in the tenant)',
        body: outletInputSchema,
        response: { 201: dataEnvelope(outletSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.create(authedContextOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/outlets/:id',
    {
      config: { permission: 'update-outlet' },
      schema: {
        tags,
        summary: 'Update an outlet',
        params: idParamSchema,
        body: outletInputSchema,
        response: { 200: dataEnvelope(outletSchema) },
      },
    },
    async (request) => ({
      data: await service.update(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/outlets/:id',
    {
      config: { permission: 'delete-outlet' },
      schema: {
        tags,
        summary: 'Delete an outlet without staff or orders (409 outlet_in_use: disable it)',
        params: idParamSchema,
        response: { 200: deleted },
      },
    },
    async (request) => ({
      data: await service.remove(authedContextOf(request), request.params.id),
    }),
  );

  const timeTags = ['time-management'];

  r.get(
    '/outlets/:id/hours',
    {
      config: { permission: 'read-time-management' },
      schema: {
        tags: timeTags,
        summary: 'Weekly hours (day 0 = Sunday; several ranges a day) and last-order minutes',
        params: idParamSchema,
        response: { 200: dataEnvelope(outletHoursSchema) },
      },
    },
    async (request) => ({
      data: await service.hours(authedContextOf(request), request.params.id),
    }),
  );

  r.put(
    '/outlets/:id/hours',
    {
      config: { permission: 'update-time-management' },
      schema: {
        tags: timeTags,
        summary:
          'Replace the weekly hours; a close before the open runs past midnight; ranges of a day may not overlap',
        params: idParamSchema,
        body: outletHoursSchema,
        response: { 200: dataEnvelope(outletHoursSchema) },
      },
    },
    async (request) => ({
      data: await service.setHours(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.get(
    '/outlets/:id/closures',
    {
      config: { permission: 'read-time-management' },
      schema: {
        tags: timeTags,
        summary: 'Closures (dates inclusive, in the outlet time zone), latest first',
        params: idParamSchema,
        response: { 200: dataEnvelope(z.array(closureItemSchema)) },
      },
    },
    async (request) => ({
      data: await service.closures(authedContextOf(request), request.params.id),
    }),
  );

  r.post(
    '/outlets/:id/closures',
    {
      config: { permission: 'update-time-management' },
      schema: {
        tags: timeTags,
        summary: 'Close the outlet for a date or a range of dates, with a reason',
        params: idParamSchema,
        body: closureInputSchema,
        response: { 201: dataEnvelope(closureItemSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.addClosure(
        authedContextOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ data });
    },
  );

  r.delete(
    '/outlets/:id/closures/:closureId',
    {
      config: { permission: 'update-time-management' },
      schema: {
        tags: timeTags,
        summary: 'Remove a closure',
        params: z.object({ id: z.uuid(), closureId: z.uuid() }),
        response: { 200: deleted },
      },
    },
    async (request) => ({
      data: await service.removeClosure(
        authedContextOf(request),
        request.params.id,
        request.params.closureId,
      ),
    }),
  );
}
