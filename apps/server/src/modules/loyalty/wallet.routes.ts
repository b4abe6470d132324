import {
  ledgerQuerySchema,
  walletAdjustmentInputSchema,
  walletAdjustmentListQuerySchema,
  walletAdjustmentResultSchema,
  walletAdjustmentSchema,
  walletEntryExportQuerySchema,
  walletEntryListQuerySchema,
  walletEntrySchema,
  walletLiabilitySchema,
  walletLiabilityQuerySchema,
} from '@kopi/contract';
import type { FastifyInstance } from 'fastify';
import { collectionRoutes } from '../../lib/collection-routes';
import { itemRoutes } from '../../lib/item-routes';
import { authedContextOf } from '../../lib/request-context';
import { resourceRoutes } from '../../lib/resource-routes';
import { keyedRoutes } from '../../lib/keyed-routes';
import { defineRoutes } from '../../lib/route-kit';
import type { WalletAdjustmentService } from './wallet-adjustments.service';
import type { WalletService } from './wallet.service';

// DESIGN §8 the customers' wallet for staff (the contract's loyalty.ts lists the paths and
// permissions): ledgers, every entry with its export, the liability by day, and adjustments
// with their second approver. Dates are the tenant's business days.

export async function walletRoutes(
  app: FastifyInstance,
  { wallet, adjustments }: { wallet: WalletService; adjustments: WalletAdjustmentService },
) {
  const route = defineRoutes(app, { tags: ['wallet'], context: authedContextOf });
  const keyed = keyedRoutes(route, adjustments);
  const adjustmentList = resourceRoutes(route, '/wallet-adjustments', adjustments, 'wallet');
  const adjustment = itemRoutes(route, '/wallet-adjustments', adjustments);
  const entries = collectionRoutes(route, '/wallet-entries', wallet);
  const customer = itemRoutes(route, '/customers', wallet, { methods: { wallet: 'ledgerOf' } });

  customer.list(
    'wallet',
    'read-wallet',
    'A customer’s wallet ledger, newest first, with the order number of each entry; from/to are business days',
    ledgerQuerySchema,
    walletEntrySchema,
  );

  keyed.post('/customers/:id/wallet/adjust', 'adjust-wallet', 'adjust', {
    summary:
      'Credit (+) or debit (−) a wallet with a reason (Idempotency-Key required): up to the tenant’s adjustment limit it posts at once; above it, it waits for another staff member’s approval. Never below zero (409 insufficient_wallet_balance)',
    body: walletAdjustmentInputSchema,
    data: walletAdjustmentResultSchema,
  });

  adjustmentList.list(
    'Adjustments above the limit, newest first: status, customer_id, q (name or phone)',
    walletAdjustmentListQuerySchema,
    walletAdjustmentSchema,
  );

  adjustment.post(
    'approve',
    'adjust-wallet',
    'Approve a pending adjustment and post it (403 wallet_adjustment_same_approver for the one who asked, 409 wallet_adjustment_decided)',
    walletAdjustmentResultSchema,
  );

  adjustment.post(
    'reject',
    'adjust-wallet',
    'Reject a pending adjustment: nothing is posted (same rules as approve)',
    walletAdjustmentSchema,
  );

  route.list('/wallet-entries', {
    config: { permission: 'read-wallet' },
    summary:
      'Every customer’s wallet entries: kind, customer_id, from/to (business days), q (customer name or phone); sort created|amount ("-" descending, default -created)',
    querystring: walletEntryListQuerySchema,
    item: walletEntrySchema,
    handler: (ctx, { query }) => wallet.entries(ctx, query),
  });

  entries.export(
    'read-wallet',
    'The filtered wallet entries as CSV in lang (default English), amounts in ringgit, times in the tenant’s zone',
    walletEntryExportQuerySchema,
  );

  route.get('/wallet-liability', {
    config: { permission: 'read-wallet' },
    summary:
      'What customers’ wallets hold now (outstanding), and per business day from/to (default the last 30, at most 366): top-ups, spend and the outstanding balance at the day’s end',
    querystring: walletLiabilityQuerySchema,
    data: walletLiabilitySchema,
    handler: (ctx, { query }) => wallet.liability(ctx, query),
  });
}
