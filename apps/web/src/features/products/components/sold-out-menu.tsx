import { useState } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import type { ProductListItem } from '@kopi/contract';
import { toast } from '../../../lib/toasts';
import { setProductSoldOut } from '../api';
import { useProductStrings } from '../i18n';

/**
 * A product row's "sold out today" menu (toggle-sold-out): one switch per outlet it is sold at,
 * only the user's own for staff bound to an outlet. Each tap saves at once; the list reloads.
 */
export function SoldOutMenu({
  open,
  onClose,
  onChanged,
  boundOutletId,
}: {
  open: { anchor: HTMLElement; product: ProductListItem } | null;
  onClose: () => void;
  onChanged: () => void;
  boundOutletId: string | null;
}) {
  const { t } = useProductStrings();
  const [busy, setBusy] = useState<string | null>(null);
  // The answer of each switch made here, until the reloaded list says it too.
  const [saved, setSaved] = useState<Record<string, boolean>>({});
  const product = open?.product;
  const outlets = (product?.outlets ?? []).filter(
    (o) => !boundOutletId || o.outlet_id === boundOutletId,
  );
  const soldOutAt = (outletId: string, listed: boolean) =>
    saved[`${product?.id}|${outletId}`] ?? listed;

  const toggle = async (outletId: string, outletName: string, soldOut: boolean) => {
    if (!product) return;
    setBusy(outletId);
    try {
      await setProductSoldOut(product.id, outletId, soldOut);
      setSaved((s) => ({ ...s, [`${product.id}|${outletId}`]: soldOut }));
      toast.success(
        soldOut
          ? t('form.markedSoldOut', { outlet: outletName })
          : t('form.backInStock', { outlet: outletName }),
      );
      onChanged();
    } catch {
      // The request layer has said what went wrong; the switch stays as it was.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu
      anchorEl={open?.anchor}
      open={Boolean(open)}
      onClose={onClose}
      slotProps={{ list: { 'aria-label': t('form.soldOutToday') } }}
    >
      <ListSubheader>{t('form.soldOutToday')}</ListSubheader>
      {outlets.length === 0 && (
        <MenuItem disabled>
          <ListItemText>{t('list.noOutlets')}</ListItemText>
        </MenuItem>
      )}
      {outlets.map((o) => {
        const checked = soldOutAt(o.outlet_id, o.sold_out_today);
        return (
          <MenuItem
            key={o.outlet_id}
            role="menuitemcheckbox"
            aria-checked={checked}
            disabled={busy !== null}
            data-testid="product-sold-out-outlet"
            onClick={() => void toggle(o.outlet_id, o.outlet_name, !checked)}
          >
            <ListItemIcon>
              {checked ? (
                <CheckBox fontSize="small" color="warning" />
              ) : (
                <CheckBoxOutlineBlank fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText>{o.outlet_name}</ListItemText>
          </MenuItem>
        );
      })}
    </Menu>
  );
}
