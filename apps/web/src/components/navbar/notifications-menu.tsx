import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import type { NotifyOrder } from '@kopi/contract';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/formatters';
import { notificationPath, notificationText } from '../../lib/notification-text';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../../lib/notifications-api';
import { useRouteCatalog } from '../../lib/route-catalog';
import { NavbarPopover } from './navbar-popover';
import { useMenuAnchor } from './use-menu-anchor';

export function NotificationsMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isRegistered } = useRouteCatalog();
  const menu = useMenuAnchor('dialog');
  const { data } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const list = data?.list ?? [];
  const count = data?.count ?? 0;
  const label = count > 0 ? t('navbar.notificationsCount', { count }) : t('navbar.notifications');
  // Keys come from the server, so they are not known to the typed `t`.
  const translate = (key: string, options?: Record<string, unknown>) =>
    String(t(key as never, options as never));

  const open = (item: NotifyOrder) => {
    // A refund's step opens the refund; anything else its order.
    const path = notificationPath(item);
    const go = () => {
      if (path && isRegistered(path.split('?')[0]!)) {
        menu.close();
        void navigate(path);
      }
    };
    if (item.read) return go();
    markRead.mutate(item.id_notify, { onSuccess: go });
  };

  return (
    <>
      <Tooltip title={t('navbar.notifications')}>
        <IconButton {...menu.buttonProps} aria-label={label} data-testid="notifications-button">
          <Badge badgeContent={count} color="error" max={99} data-testid="notifications-count">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <NavbarPopover menu={menu} label={t('navbar.notifications')} width={360}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: 2.5,
            py: 1.5,
          }}
        >
          <Typography variant="h6" component="h2">
            {t('navbar.notifications')}
          </Typography>
          {count > 0 && (
            <Button
              size="small"
              onClick={() => markAll.mutate()}
              loading={markAll.isPending}
              data-testid="notifications-mark-all"
            >
              {t('navbar.markAllRead')}
            </Button>
          )}
        </Box>
        <Divider />
        {list.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {t('navbar.noNotifications')}
          </Typography>
        ) : (
          <List sx={{ maxHeight: 400, overflowY: 'auto', py: 0 }} data-testid="notifications-list">
            {list.map((item) => {
              const text = notificationText(item, translate);
              return (
                <li key={item.id_notify}>
                  <ListItemButton
                    onClick={() => open(item)}
                    divider
                    sx={{ alignItems: 'flex-start', gap: 1.5 }}
                  >
                    <Box
                      aria-hidden="true"
                      sx={{
                        mt: 1,
                        width: 8,
                        height: 8,
                        borderRadius: '50%',
                        flexShrink: 0,
                        bgcolor: item.read ? 'transparent' : 'primary.main',
                      }}
                    />
                    <ListItemText
                      primary={text.title}
                      secondary={
                        <>
                          {text.body && <span style={{ display: 'block' }}>{text.body}</span>}
                          <span>{formatDateTime(item.time)}</span>
                        </>
                      }
                      slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 600 } } }}
                    />
                  </ListItemButton>
                </li>
              );
            })}
          </List>
        )}
      </NavbarPopover>
    </>
  );
}
