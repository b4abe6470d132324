import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Block from '@mui/icons-material/Block';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LockReset from '@mui/icons-material/LockReset';
import MoreVert from '@mui/icons-material/MoreVert';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { StaffUser } from '@kopi/contract';
import { useUserStrings } from '../i18n';

export interface UserRowActions {
  onView?: () => void;
  onResetPassword?: () => void;
  onDisable?: () => void;
  onEnable?: () => void;
  onDelete?: () => void;
}

/** The less frequent actions on a user, behind one "more" button (absent ones are not shown). */
export function UserRowMenu({ user, actions }: { user: StaffUser; actions: UserRowActions }) {
  const { t } = useUserStrings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = [
    { key: 'view', run: actions.onView, icon: <VisibilityOutlined />, label: t('actions.view') },
    {
      key: 'reset',
      run: actions.onResetPassword,
      icon: <LockReset />,
      label: t('actions.resetPassword'),
    },
    user.status === 'active'
      ? { key: 'disable', run: actions.onDisable, icon: <Block />, label: t('actions.disable') }
      : {
          key: 'enable',
          run: actions.onEnable,
          icon: <CheckCircleOutlined />,
          label: t('actions.enable'),
        },
    { key: 'delete', run: actions.onDelete, icon: <DeleteOutlined />, label: t('actions.delete') },
  ].filter((item) => item.run);
  if (items.length === 0) return null;
  const label = t('list.more', { name: user.fullname });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="user-more"
        >
          <MoreVert fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.key}
            data-testid={`user-action-${item.key}`}
            onClick={() => {
              setAnchor(null);
              item.run?.();
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
