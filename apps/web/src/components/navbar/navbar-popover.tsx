import type { ReactNode } from 'react';
import Popover from '@mui/material/Popover';
import type { useMenuAnchor } from './use-menu-anchor';

/**
 * A navbar panel below its button (`menu`, the button's open state), right-aligned to it,
 * announced as a dialog named `label`.
 */
export function NavbarPopover({
  menu,
  label,
  width,
  children,
}: {
  menu: Pick<ReturnType<typeof useMenuAnchor>, 'anchor' | 'close'>;
  label: string;
  width: number;
  children: ReactNode;
}) {
  return (
    <Popover
      open={Boolean(menu.anchor)}
      anchorEl={menu.anchor}
      onClose={menu.close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width, mt: 1 }, role: 'dialog', 'aria-label': label } }}
    >
      {children}
    </Popover>
  );
}
