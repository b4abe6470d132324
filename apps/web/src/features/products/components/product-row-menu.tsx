import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import type { ProductListItem } from '@kopi/contract';
import { useProductStrings } from '../i18n';

/** A product row's "more" menu: archive or delete. */
export function ProductRowMenu({
  open,
  onClose,
  onArchive,
  onDelete,
}: {
  open: { anchor: HTMLElement; product: ProductListItem } | null;
  onClose: () => void;
  onArchive: (product: ProductListItem) => void;
  onDelete: (product: ProductListItem) => void;
}) {
  const { t } = useProductStrings();
  const choose = (action: (product: ProductListItem) => void) => () => {
    onClose();
    if (open) action(open.product);
  };
  const items = [
    ['archive', onArchive, ArchiveOutlined],
    ['delete', onDelete, DeleteOutlined],
  ] as const;
  return (
    <Menu anchorEl={open?.anchor} open={Boolean(open)} onClose={onClose}>
      {items.map(([key, action, Icon]) => (
        <MenuItem key={key} onClick={choose(action)} data-testid={`product-${key}`}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t(`list.${key}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
