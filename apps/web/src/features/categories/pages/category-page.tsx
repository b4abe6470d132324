import { useState, type DragEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import type { Category } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { RowAction, EditAction } from '../../../components/list-page/row-actions';
import { ListPage } from '../../../components/list-page/list-page';
import { FlagLabel } from '../../../components/status-label';
import { useCrudAbilities } from '../../../lib/can-context';
import { HttpError } from '../../../lib/http/http-client';
import { toast } from '../../../lib/toasts';
import {
  categoryInputOf,
  deleteCategory,
  updateCategory,
  useCategories,
  useInvalidateCategories,
  useReorderCategories,
} from '../api';
import { CategoryEditDialog } from '../components/category-edit-dialog';
import { useCategoryStrings } from '../i18n';
import { moveItem, reorderByDrop } from '../../../lib/reorder';
import { RetryAlert } from '../../../components/retry-alert';
import { SimpleTable } from '../../../components/data-table/simple-table';
import { DragHandle, useRowDrag } from '../../../components/drag-handle';

type Blocked = { category: Category; reason: string };

/** /product/category (read category): the menu's categories in order, reordered by dragging. */
export function CategoryPage() {
  const { t, language } = useCategoryStrings();
  const { mayCreate, mayUpdate, mayDelete } = useCrudAbilities('category', {
    create: 'product category',
  });
  const categories = useCategories();
  const reorder = useReorderCategories();
  const invalidate = useInvalidateCategories();
  const { dragged, setDragged, over, setOver, end, drop } = useRowDrag();
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);

  const rows = categories.data ?? [];
  const ids = rows.map((c) => c.id);
  const nameOf = (c: Category) => (language === 'my' ? c.name_my : c.name_en);

  const saveOrder = (next: string[]) =>
    reorder.mutate(next, { onSuccess: () => toast.success(t('list.orderSaved')) });

  const setStatus = async (category: Category, on: boolean) => {
    setToggling(category.id);
    try {
      await updateCategory(
        category.id,
        categoryInputOf(category, { status: on ? 'active' : 'disabled' }),
      );
      await invalidate();
      toast.success(on ? t('list.enabled') : t('list.disabled'));
    } catch {
      // reported by the HTTP client
    } finally {
      setToggling(null);
    }
  };

  const blockedReason = (category: Category) =>
    t('list.cannotDeleteMessage', { name: nameOf(category), count: category.product_count });

  const remove = async (category: Category) => {
    try {
      await deleteCategory(category.id);
      setDeleting(null);
      await invalidate();
      toast.success(t('list.deleted'));
    } catch (error) {
      setDeleting(null);
      // A product added meanwhile: the server refuses with category_has_products; say why.
      if (error instanceof HttpError && error.status === 409)
        setBlocked({ category, reason: error.message });
      else if (error instanceof HttpError) toast.error(error.message);
    }
  };

  const onDrop = (event: DragEvent, targetId: string) => {
    const source = drop(event);
    const next = source ? reorderByDrop(ids, source, targetId) : null;
    if (next) saveOrder(next);
  };

  let body;
  if (categories.isPending) {
    body = Array.from({ length: 4 }, (_, i) => (
      <TableRow key={i}>
        <TableCell colSpan={7}>
          <Skeleton variant="text" />
        </TableCell>
      </TableRow>
    ));
  } else if (categories.isError) {
    body = (
      <TableRow>
        <TableCell colSpan={7}>
          <RetryAlert onRetry={() => void categories.refetch()}>{t('list.error')}</RetryAlert>
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={7}>
          <EmptyState message={t('list.empty')} testId="categories-empty" />
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((category, index) => {
      const name = nameOf(category);
      return (
        <TableRow
          key={category.id}
          hover
          data-testid="category-row"
          data-id={category.id}
          onDragOver={(e) => {
            if (!dragged) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
            if (over !== category.id) setOver(category.id);
          }}
          onDragLeave={() => setOver((current) => (current === category.id ? null : current))}
          onDrop={(e) => onDrop(e, category.id)}
          sx={{
            opacity: dragged === category.id ? 0.5 : 1,
            boxShadow: (theme) =>
              over === category.id && dragged !== category.id
                ? `inset 0 2px 0 ${theme.palette.primary.main}`
                : 'none',
          }}
        >
          <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
            {mayUpdate && (
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <DragHandle
                  id={category.id}
                  label={t('list.dragHandle', { name })}
                  testId="category-drag-handle"
                  row="tr"
                  px={0.5}
                  onStart={setDragged}
                  onEnd={end}
                />
                <IconButton
                  size="small"
                  aria-label={t('list.moveUp', { name })}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => saveOrder(moveItem(ids, index, index - 1))}
                >
                  <ArrowUpward fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('list.moveDown', { name })}
                  disabled={index === rows.length - 1 || reorder.isPending}
                  onClick={() => saveOrder(moveItem(ids, index, index + 1))}
                >
                  <ArrowDownward fontSize="small" />
                </IconButton>
              </Stack>
            )}
          </TableCell>
          <TableCell>
            <Avatar
              variant="rounded"
              src={category.image ?? undefined}
              alt={category.image ? name : undefined}
              sx={{ width: 40, height: 40, bgcolor: 'action.hover', color: 'text.secondary' }}
            >
              <ImageOutlined fontSize="small" aria-hidden="true" />
            </Avatar>
          </TableCell>
          <TableCell>
            <Typography sx={{ fontWeight: 500 }} data-testid="category-name">
              {category.name_en}
            </Typography>
          </TableCell>
          <TableCell>{category.name_my}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {t('list.productCount', { count: category.product_count })}
          </TableCell>
          <TableCell>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {mayUpdate && (
                <Switch
                  checked={category.status === 'active'}
                  disabled={toggling === category.id}
                  onChange={(e) => void setStatus(category, e.target.checked)}
                  slotProps={{
                    input: {
                      'aria-label':
                        category.status === 'active'
                          ? t('list.disable', { name })
                          : t('list.enable', { name }),
                    },
                  }}
                />
              )}
              <FlagLabel on={category.status === 'active'} />
            </Stack>
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {mayUpdate && (
              <EditAction label={t('list.edit', { name })} onClick={() => setEditing(category)} />
            )}
            {mayDelete && (
              <RowAction
                label={t('list.delete', { name })}
                icon={<DeleteOutline fontSize="small" />}
                onClick={() =>
                  category.product_count > 0
                    ? setBlocked({ category, reason: blockedReason(category) })
                    : setDeleting(category)
                }
              />
            )}
          </TableCell>
        </TableRow>
      );
    });
  }

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      add={
        mayCreate && { label: t('list.add'), to: '/product/category-list', testId: 'category-add' }
      }
    >
      <Card>
        {mayUpdate && rows.length > 1 && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
            {t('list.reorderHint')}
          </Typography>
        )}
        <SimpleTable
          aria-label={t('list.title')}
          data-testid="categories-table"
          cells={[
            t('list.image'),
            t('list.nameEn'),
            t('list.nameMy'),
            t('list.products'),
            t('list.status'),
            { label: t('list.actions'), align: 'right' },
          ]}
          lead
        >
          {body}
        </SimpleTable>
      </Card>

      <CategoryEditDialog
        category={editing}
        onClose={() => setEditing(null)}
        onSaved={invalidate}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { name: nameOf(deleting) }) : undefined}
        confirmLabel={deleting ? t('list.delete', { name: nameOf(deleting) }) : undefined}
        confirmColor="error"
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={Boolean(blocked)}
        title={t('list.cannotDeleteTitle')}
        message={<span data-testid="category-blocked-reason">{blocked?.reason}</span>}
        confirmLabel={t('list.disableInstead')}
        confirmColor="warning"
        confirmDisabled={!mayUpdate || blocked?.category.status === 'disabled'}
        onConfirm={async () => {
          if (blocked) await setStatus(blocked.category, false);
          setBlocked(null);
        }}
        onClose={() => setBlocked(null)}
      />
    </ListPage>
  );
}
