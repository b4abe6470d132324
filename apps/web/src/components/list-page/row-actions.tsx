import type { ComponentProps, ReactNode } from 'react';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';

/** The icon buttons at the end of a list row, right-aligned. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {children}
    </Stack>
  );
}

/**
 * One icon button of a row, named by `label` (its tooltip too, unless `tooltip` says otherwise).
 * With `to` it is a link. A button that can be disabled sits in a span, so its tooltip still shows.
 */
export function RowAction({
  label,
  tooltip = label,
  icon,
  onClick,
  to,
  disabled,
  color,
  size,
  testId,
}: {
  label: string;
  tooltip?: string;
  icon: ReactNode;
  onClick?: IconButtonProps['onClick'];
  to?: string;
  disabled?: boolean;
  color?: IconButtonProps['color'];
  size?: IconButtonProps['size'];
  testId?: string;
}) {
  const button = to ? (
    <IconButton component={RouterLink} to={to} aria-label={label} data-testid={testId}>
      {icon}
    </IconButton>
  ) : (
    <IconButton
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
      color={color}
      size={size}
      data-testid={testId}
    >
      {icon}
    </IconButton>
  );
  return (
    <Tooltip title={tooltip}>{disabled === undefined ? button : <span>{button}</span>}</Tooltip>
  );
}

type IconlessAction = Omit<ComponentProps<typeof RowAction>, 'icon'>;

/** A row's edit button (pencil), as every list draws it. */
export const EditAction = (props: IconlessAction) => (
  <RowAction icon={<EditOutlined fontSize="small" />} {...props} />
);

/** A row's delete button (bin), as every list draws it. */
export const DeleteAction = (props: IconlessAction) => (
  <RowAction icon={<DeleteOutlined fontSize="small" />} {...props} />
);

/**
 * A row's buttons ending in its edit and delete ones, named after the row by the feature's
 * `list.edit` / `list.delete` words. Each shows only with its handler (the user may, the row
 * allows); `children` (the row's other buttons) come first.
 */
export function EditDeleteActions({
  name,
  t,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  t: (key: 'list.edit' | 'list.delete', params: { name: string }) => string;
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <RowActions>
      {children}
      {onEdit && <EditAction label={t('list.edit', { name })} onClick={onEdit} />}
      {onDelete && <DeleteAction label={t('list.delete', { name })} onClick={onDelete} />}
    </RowActions>
  );
}
