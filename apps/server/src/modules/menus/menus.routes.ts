import {
  menuItemDeletedSchema,
  menuItemInputSchema,
  menuItemSchema,
  menuOrderSchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { MenuService } from './menus.service';

// DESIGN §8 /api/menus, subject menu (a platform subject: the superadmin's). Contract: menus.ts.

export async function menuRoutes(app: FastifyInstance, { service }: { service: MenuService }) {
  const route = defineRoutes(app, { tags: ['menus'], context: authedContextOf });
  const menus = resourceRoutes(route, '/menus', service, 'menu');

  route.get('/menus', {
    config: { permission: 'read-menu' },
    summary: 'Every menu item, hidden ones too, flat in tree order',
    data: z.array(menuItemSchema),
    handler: () => service.list(),
  });

  menus.create(
    'Add a menu item (users see it at their next refresh)',
    menuItemInputSchema,
    menuItemSchema,
  );

  route.put('/menus/order', {
    config: { permission: 'update-menu' },
    summary: 'Move items: new parent and position of each (drag and drop)',
    body: menuOrderSchema,
    data: z.array(menuItemSchema),
    handler: (ctx, { body }) => service.reorder(ctx, body),
  });

  menus.update('Edit, hide or move a menu item', menuItemInputSchema, menuItemSchema);

  menus.remove(
    'Delete an item added in the editor (built-in items can only be hidden)',
    menuItemDeletedSchema,
  );
}
