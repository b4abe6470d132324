import {
  dataEnvelope,
  idParamSchema,
  menuItemDeletedSchema,
  menuItemInputSchema,
  menuItemSchema,
  menuOrderSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import type { MenuService } from './menus.service';

// DESIGN §8 /api/menus, subject menu (a platform subject: the superadmin's). Contract: menus.ts.

const tags = ['menus'];

export async function menuRoutes(app: FastifyInstance, { service }: { service: MenuService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/menus',
    {
      config: { permission: 'read-menu' },
      schema: {
        tags,
        summary: 'Every menu item, hidden ones too, flat in tree order',
        response: { 200: dataEnvelope(z.array(menuItemSchema)) },
      },
    },
    async () => ({ data: await service.list() }),
  );

  r.post(
    '/menus',
    {
      config: { permission: 'create-menu' },
      schema: {
        tags,
        summary: 'Add a menu item (users see it at their next refresh)',
        body: menuItemInputSchema,
        response: { 201: dataEnvelope(menuItemSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.create(authedContextOf(request), request.body);
      return reply.code(201).send({ data });
    },
  );

  r.put(
    '/menus/order',
    {
      config: { permission: 'update-menu' },
      schema: {
        tags,
        summary: 'Move items: new parent and position of each (drag and drop)',
        body: menuOrderSchema,
        response: { 200: dataEnvelope(z.array(menuItemSchema)) },
      },
    },
    async (request) => ({
      data: await service.reorder(authedContextOf(request), request.body),
    }),
  );

  r.put(
    '/menus/:id',
    {
      config: { permission: 'update-menu' },
      schema: {
        tags,
        summary: 'Edit, hide or move a menu item',
        params: idParamSchema,
        body: menuItemInputSchema,
        response: { 200: dataEnvelope(menuItemSchema) },
      },
    },
    async (request) => ({
      data: await service.update(authedContextOf(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/menus/:id',
    {
      config: { permission: 'delete-menu' },
      schema: {
        tags,
        summary: 'Delete an item added in the editor (built-in items can only be hidden)',
        params: idParamSchema,
        response: { 200: dataEnvelope(menuItemDeletedSchema) },
      },
    },
    async (request) => ({
      data: await service.remove(authedContextOf(request), request.params.id),
    }),
  );
}
