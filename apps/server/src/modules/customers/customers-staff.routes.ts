import {
  counterCustomerInputSchema,
  customerAnonymisedSchema,
  customerAnonymiseSchema,
  customerBlockSchema,
  customerDetailsSchema,
  customerExportQuerySchema,
  customerListQuerySchema,
  customerLookupQuerySchema,
  customerLookupSchema,
  customerNoteInputSchema,
  customerNoteSchema,
  customerOrderSummarySchema,
  customerPersonalDataSchema,
  customerSummarySchema,
  customerUpdateSchema,
  idParamSchema,
  listQuerySchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { anyOf } from '../../lib/access';
import { collectionRoutes } from '../../lib/collection-routes';
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { CustomerAdminService } from './customers-admin.service';
import type { CustomerPdpaService } from './customers-pdpa.service';

// DESIGN §8 /api/customers for staff (the contract's customers.ts lists the paths and
// permissions). The counter's lookup and quick add serve the POS (create-pos) as well as the
// back office. The wallet and points of a customer are the loyalty routes'.

export async function customerStaffRoutes(
  app: FastifyInstance,
  { service, pdpa }: { service: CustomerAdminService; pdpa: CustomerPdpaService },
) {
  const route = defineRoutes(app, { tags: ['customers'], context: authedContextOf });
  const customers = resourceRoutes(route, '/customers', service, 'customer');
  const customerList = collectionRoutes(route, '/customers', service);
  const customer = itemRoutes(route, '/customers', service);
  const customerData = itemRoutes(route, '/customers', pdpa);

  customers.list(
    'Customers: q (name, e-mail, or phone digits in any form: 012-345 6789, +6012…), status, tier_id, joined_from/to, last_order_from/to (days in the tenant’s time zone), has_wallet; sort created|name|last_order|wallet|points ("-" descending, default -created)',
    customerListQuerySchema,
    customerSummarySchema,
  );

  customerList.export(
    'read-customer',
    'The filtered customer list as CSV in lang (default English), amounts in ringgit',
    customerExportQuerySchema,
  );

  route.get('/customers/lookup', {
    config: { permission: anyOf('create-pos', 'read-customer') },
    summary: 'The counter finds a customer by phone (any Malaysian form): the customer or null',
    querystring: customerLookupQuerySchema,
    data: customerLookupSchema,
    handler: (ctx, { query }) => service.lookup(ctx, query.phone),
  });

  route.create('/customers', {
    config: { permission: anyOf('create-pos', 'create-customer') },
    summary:
      'Add a customer by name and phone (no app account yet: signing up with the phone takes it over); 409 customer_phone_taken',
    body: counterCustomerInputSchema,
    data: customerSummarySchema,
    handler: (ctx, { body }) => service.createAtCounter(ctx, body),
  });

  customers.get(
    'One customer: profile, balances, tier and the next one, orders, total spend (paid minus refunded), who referred them',
    customerDetailsSchema,
  );

  customers.update(
    'Name, e-mail and birthday; 409 customer_anonymised',
    customerUpdateSchema,
    customerDetailsSchema,
  );

  customer.list(
    'orders',
    'read-customer',
    'The customer’s orders, newest first (staff bound to an outlet see that outlet’s)',
    listQuerySchema,
    customerOrderSummarySchema,
  );

  customer.actions(
    'update-customer',
    customerDetailsSchema,
    {
      block:
        'Block: no app sign-in (the app sessions end at once) and no wallet charge; reason optional, for the audit log',
      unblock: 'Unblock; reason optional, for the audit log',
    },
    customerBlockSchema,
  );

  customer.get(
    'notes',
    'read-customer',
    'Staff notes on the customer, newest first',
    z.array(customerNoteSchema),
  );

  route.create('/customers/:id/notes', {
    config: { permission: 'update-customer' },
    summary: 'Add a staff note (signed with the author’s name); 409 customer_anonymised',
    params: idParamSchema,
    body: customerNoteInputSchema,
    data: customerNoteSchema,
    handler: (ctx, { params, body }) => service.addNote(ctx, params.id, body.body),
  });

  customerData.get(
    'personal-data',
    'update-customer',
    'PDPA access request: everything held on the customer as one JSON document (profile, orders, wallet and points ledgers, referrals, notes, app sessions); audited',
    customerPersonalDataSchema,
  );

  route.post('/customers/:id/anonymise', {
    config: { permission: 'update-customer' },
    summary:
      'PDPA erasure ({ confirm: true }): personal data erased, sign-in ended; orders, ledgers and balances stay. 409 customer_anonymised the second time',
    params: idParamSchema,
    body: customerAnonymiseSchema,
    data: customerAnonymisedSchema,
    handler: (ctx, { params }) => pdpa.anonymise(ctx, params.id),
  });
}
