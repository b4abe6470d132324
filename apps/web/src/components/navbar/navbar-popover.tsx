import type { ReactNode } from 'react';
import Popover from '@mui/material/Popover';

/** A navbar panel below its button, right-aligned to it, announced as a dialog named `label`. */
export function NavbarPopover({
  anchor,
  onClose,
  label,
  width,
  children,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  label: string;
  width: number;
  children: ReactNode;
}) {
  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width, mt: 1 }, role: 'dialog', 'aria-label': label } }}
    >
      {children}
    </Popover>
  );
}
