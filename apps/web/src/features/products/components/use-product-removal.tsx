import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useGuardedRemoval } from '../../../components/list-page/use-guarded-removal';
import { translateErrorCode } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toasts';
import type { ProductListItem } from '@kopi/contract';
import { archiveProduct, deleteProduct } from '../api';
import { useProductStrings } from '../i18n';

interface Removal {
  product: ProductListItem;
  kind: 'archive' | 'delete';
}

/**
 * Archiving or deleting a product, with its confirm dialog. A product sold before keeps its
 * history: the delete is refused (product_has_sales) and archiving offered instead.
 */
export function useProductRemoval(refresh: () => Promise<unknown>) {
  const { t } = useProductStrings();
  const archive = async (product: ProductListItem) => {
    await archiveProduct(product.id);
    toast.success(t('list.archived'));
  };
  const removal = useGuardedRemoval<Removal>({
    remove: async ({ product, kind }) => {
      if (kind === 'archive') return archive(product);
      await deleteProduct(product.id);
      toast.success(t('list.deleted'));
    },
    fallback: ({ product }) => archive(product),
    refresh,
    silent: ({ kind }) => kind === 'delete',
  });
  const pending = removal.pending;

  const askDelete = async (product: ProductListItem) => {
    if (!product.has_sales) return removal.ask({ product, kind: 'delete' });
    // A sold product keeps its history: the server's own reason, up front, instead of
    // letting the delete fail.
    const reason = await translateErrorCode('product_has_sales');
    removal.ask({ product, kind: 'delete' }, reason ?? t('list.soldBefore'));
  };

  // The dialog's words for what it asks: a blocked delete (archive instead), an archive or a delete.
  const byStep = (blocked: string, archive: string, remove: string) =>
    pending?.blocked ? blocked : pending?.target.kind === 'archive' ? archive : remove;

  const dialog = (
    <ConfirmDialog
      open={Boolean(pending)}
      title={byStep(t('list.cannotDeleteTitle'), t('list.archiveTitle'), t('list.deleteTitle'))}
      message={
        pending?.blocked ? (
          <span data-testid="product-blocked-reason">{pending.blocked}</span>
        ) : pending?.target.kind === 'archive' ? (
          t('list.archiveMessage', { name: pending.target.product.name })
        ) : pending ? (
          t('list.deleteMessage', { name: pending.target.product.name })
        ) : undefined
      }
      confirmLabel={byStep(t('list.archiveInstead'), t('list.archive'), t('list.delete'))}
      confirmColor={pending?.target.kind === 'delete' && !pending.blocked ? 'error' : 'warning'}
      onConfirm={removal.confirm}
      onClose={removal.cancel}
    />
  );

  return {
    askArchive: (product: ProductListItem) => removal.ask({ product, kind: 'archive' }),
    askDelete,
    dialog,
  };
}
