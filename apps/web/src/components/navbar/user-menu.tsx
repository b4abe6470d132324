import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Logout from '@mui/icons-material/Logout';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import { Can } from '@casl/react';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Link as RouterLink, useNavigate } from 'react-router';
import { initials } from '../../lib/formatters';
import { lockSession } from '../../lib/session/session-runtime';
import { signOut } from '../../lib/session/session-service';
import { useSession } from '../../lib/session/session-store';
import { useMenuAnchor } from './use-menu-anchor';
import { useRoleTexts } from '../../lib/role-texts';

export function UserAvatar({ size = 38 }: { size?: number }) {
  const { user } = useSession();
  return (
    <Avatar
      src={user?.avatar ?? undefined}
      alt={user?.fullname ?? ''}
      sx={{
        width: size,
        height: size,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: size / 2.6,
      }}
    >
      {initials(user?.fullname)}
    </Avatar>
  );
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, roleName } = useSession();
  const roleTexts = useRoleTexts();
  const { anchor, open, close, buttonProps } = useMenuAnchor('menu');

  return (
    <>
      <IconButton
        {...buttonProps}
        aria-label={t('navbar.userMenu')}
        data-testid="user-menu-button"
        sx={{ p: 0.5 }}
      >
        <UserAvatar />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}
          aria-hidden="true"
        >
          <UserAvatar size={40} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {user?.fullname}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              noWrap
              sx={{ textTransform: 'capitalize' }}
            >
              {roleName && roleTexts.name(roleName)}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuItem
          component={RouterLink}
          to="/account-settings/account"
          onClick={close}
          data-testid="user-menu-account-settings"
        >
          <ListItemIcon>
            <ManageAccountsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('navbar.accountSettings')} />
        </MenuItem>
        <Can I="read" a="acldemo">
          <MenuItem
            component={RouterLink}
            to="/access-control"
            onClick={close}
            data-testid="user-menu-access-control"
          >
            <ListItemIcon>
              <AdminPanelSettingsOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('pages.accessControl')} />
          </MenuItem>
        </Can>
        <MenuItem
          data-testid="user-menu-lock"
          onClick={() => {
            close();
            lockSession();
          }}
        >
          <ListItemIcon>
            <LockOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('navbar.lockScreen')} />
        </MenuItem>
        <Divider />
        <MenuItem
          data-testid="user-menu-sign-out"
          onClick={() => {
            close();
            void signOut().then(() => navigate('/login', { replace: true }));
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('navbar.signOut')} />
        </MenuItem>
      </Menu>
    </>
  );
}
