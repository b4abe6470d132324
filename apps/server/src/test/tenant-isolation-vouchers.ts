import { uniqueVoucherBody, voucherBody } from './voucher-admin-fixtures';
import type { Requests as AdminRequests } from './tenant-isolation-send';

// The tenant-isolation scenario's part for vouchers: tenant A's admin creates a shared-code and
// a unique-code voucher naming its outlet, product and category, lists and filters them,
// generates codes (waiting for the job, so the runner's calls are recorded too), lists and
// exports the codes, changes the vouchers and deletes them.

export async function vouchersPart(
  a: AdminRequests,
  refs: { outletId: string; productId: string; categoryId: string },
) {
  const restrictions = {
    outlet_ids: [refs.outletId],
    product_ids: [refs.productId],
    category_ids: [refs.categoryId],
  };
  const shared = (await a.post('/api/vouchers', voucherBody({ code: 'ISOCODE', ...restrictions })))
    .data as { id: string };
  const uniqueBody = uniqueVoucherBody({
    type: 'free_item',
    value: 0,
    free_item_kind: 'product',
    free_item_id: refs.productId,
  });
  const unique = (await a.post('/api/vouchers', uniqueBody)).data as { id: string };
  await a.get(
    `/api/vouchers?q=iso&state=active&type=percent&code_kind=shared&outlet_id=${refs.outletId}`,
  );
  await a.get(`/api/vouchers/${shared.id}`);
  await a.put(`/api/vouchers/${shared.id}`, voucherBody({ code: 'ISOCODE2', ...restrictions }));

  const job = (await a.post(`/api/vouchers/${unique.id}/codes`, { count: 3, prefix: 'ISO' }))
    .data as { id: string };
  // The runner makes the codes meanwhile; its calls are recorded once the job is done.
  for (let i = 0; i < 200; i++) {
    const { data } = await a.get(`/api/vouchers/${unique.id}/codes/jobs/${job.id}`);
    if (data.status === 'done') break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await a.get(`/api/vouchers/${unique.id}/codes?q=iso&redeemed=false`);
  await a.get(`/api/vouchers/${unique.id}/codes/export?lang=my`);
  await a.put(`/api/vouchers/${unique.id}`, { ...uniqueBody, name_en: 'Iso renamed' });
  await a.del(`/api/vouchers/${shared.id}`);
  await a.del(`/api/vouchers/${unique.id}`);
}
