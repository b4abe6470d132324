import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ProductListItem, ProductListQuery } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { DataTableSelection } from '../../../components/data-table/data-table';
import { toast } from '../../../lib/toasts';
import { bulkProductStatus } from '../api';
import { useProductStrings } from '../i18n';

/**
 * The products ticked on the list and enabling or disabling them together: the table's selection,
 * the bar above the table, and the confirm dialog.
 */
export function useProductBulk(query: ProductListQuery, refresh: () => Promise<unknown>) {
  const { t } = useProductStrings();
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({
    key: '',
    ids: new Set(),
  });
  const [bulk, setBulk] = useState<'active' | 'disabled' | null>(null);
  // A selection belongs to the rows on screen; another page or filter starts afresh.
  const queryKey = JSON.stringify(query);
  const selected = selection.key === queryKey ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ key: queryKey, ids });

  const runBulk = async (status: 'active' | 'disabled') => {
    try {
      const { updated } = await bulkProductStatus([...selected], status);
      toast.success(t('list.bulkDone', { count: updated }));
      setSelected(new Set());
      await refresh();
    } catch {
      // reported by the HTTP client
    } finally {
      setBulk(null);
    }
  };

  const tableSelection: DataTableSelection<ProductListItem> = {
    selected,
    onChange: setSelected,
    allLabel: t('list.selectAll'),
    rowLabel: (p) => t('list.selectRow', { name: p.name }),
  };

  const bar = selected.size > 0 && (
    <Alert
      severity="info"
      icon={false}
      data-testid="bulk-bar"
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setBulk('active')} data-testid="bulk-enable">
            {t('list.enable')}
          </Button>
          <Button size="small" onClick={() => setBulk('disabled')} data-testid="bulk-disable">
            {t('list.disable')}
          </Button>
          <Button size="small" color="inherit" onClick={() => setSelected(new Set())}>
            {t('list.clearSelection')}
          </Button>
        </Stack>
      }
    >
      {t('list.selected', { count: selected.size })}
    </Alert>
  );

  const dialog = (
    <ConfirmDialog
      open={Boolean(bulk)}
      title={t('list.bulkTitle', { count: selected.size })}
      message={
        bulk === 'active'
          ? t('list.bulkEnableMessage', { count: selected.size })
          : t('list.bulkDisableMessage', { count: selected.size })
      }
      confirmLabel={bulk === 'active' ? t('list.enable') : t('list.disable')}
      confirmColor={bulk === 'disabled' ? 'warning' : 'primary'}
      onConfirm={() => (bulk ? runBulk(bulk) : undefined)}
      onClose={() => setBulk(null)}
    />
  );

  return { tableSelection, bar, dialog };
}
