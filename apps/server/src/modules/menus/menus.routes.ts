import {
  idParamSchema,
  menuItemDeletedSchema,
  menuItemInputSchema,
  menuItemSchema,
  menuOrderSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { defineRoutes } from '../../lib/route-kit';
import type { MenuService } from './menus.service';

// DESIGN §8 /api/menus, subject menu (a platform subject: the superadmin's). Contract: menus.ts.

export async function menuRoutes(app: FastifyInstance, { service }: { service: MenuService }) {
  const route = defineRoutes(app, { tags: ['menus'], context: authedContextOf });

  route.get('/menus', {
    config: { permission: 'read-menu' },
    summary: 'Every menu item, hidden ones too, flat in tree order',
    data: z.array(menuItemSchema),
    handler: () => service.list(),
  });

  route.create('/menus', {
    config: { permission: 'create-menu' },
    summary: 'Add a menu item (users see it at their next refresh)',
    body: menuItemInputSchema,
    data: menuItemSchema,
    handler: (ctx, { body }) => service.create(ctx, body),
  });

  route.put('/menus/order', {
    config: { permission: 'update-menu' },
    summary: 'Move items: new parent and position of each (drag and drop)',
    body: menuOrderSchema,
    data: z.array(menuItemSchema),
    handler: (ctx, { body }) => service.reorder(ctx, body),
  });

  route.put('/menus/:id', {
    config: { permission: 'update-menu' },
    summary: 'Edit, hide or move a menu item',
    params: idParamSchema,
    body: menuItemInputSchema,
    data: menuItemSchema,
    handler: (ctx, { params, body }) => service.update(ctx, params.id, body),
  });

  route.delete('/menus/:id', {
    config: { permission: 'delete-menu' },
    summary: 'Delete an item added in the editor (built-in items can only be hidden)',
    params: idParamSchema,
    data: menuItemDeletedSchema,
    handler: (ctx, { params }) => service.remove(ctx, params.id),
  });
}
