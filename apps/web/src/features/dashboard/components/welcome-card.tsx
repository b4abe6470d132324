import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { MenuIcon } from '../../../components/layouts/menu-icon';
import { useShortcutPages } from '../../../components/navbar/shortcuts-menu';
import { UserAvatar } from '../../../components/navbar/user-menu';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSession } from '../../../lib/session/session-store';
import { useRoleTexts } from '../../../lib/role-texts';

/**
 * The greeting every signed-in user sees on /dashboard (sign-in journeys wait for
 * `dashboard-welcome`), with the role, outlet and business. `compact` is the figures' header;
 * `aside` sits on its right (the business day, the outlet filter).
 */
export function WelcomeCard({ compact = false, aside }: { compact?: boolean; aside?: ReactNode }) {
  const { t } = useTranslation();
  const { user, roleName } = useSession();
  const roleTexts = useRoleTexts();
  const outlet =
    user?.outlet_name ?? (user?.id_outlet ? user.id_outlet : t('dashboard.allOutlets'));
  return (
    <Card>
      <CardContent sx={{ p: compact ? { xs: 2, md: 3 } : { xs: 3, md: 4 } }}>
        <Stack
          direction={{ xs: 'column', lg: 'row' }}
          spacing={2}
          sx={{ alignItems: { lg: 'center' } }}
        >
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={compact ? 2 : 3}
            sx={{ alignItems: { sm: 'center' }, minWidth: 0, flex: 1 }}
          >
            <UserAvatar size={compact ? 56 : 72} />
            <Stack spacing={1} sx={{ minWidth: 0, flex: 1 }}>
              <Typography
                variant={compact ? 'h4' : 'h3'}
                component="h1"
                data-testid="dashboard-welcome"
              >
                {t('dashboard.welcome', { name: user?.fullname ?? '' })}
              </Typography>
              {!compact && <Typography color="text.secondary">{t('dashboard.intro')}</Typography>}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Chip
                  size={compact ? 'small' : 'medium'}
                  label={`${t('dashboard.role')}: ${roleName ? roleTexts.name(roleName) : ''}`}
                  data-testid="dashboard-role"
                  sx={{ textTransform: 'capitalize' }}
                />
                <Chip
                  size={compact ? 'small' : 'medium'}
                  label={`${t('dashboard.outlet')}: ${outlet}`}
                  data-testid="dashboard-outlet"
                />
                <Chip
                  size={compact ? 'small' : 'medium'}
                  label={`${t('dashboard.business')}: ${user?.tenant_name ?? t('dashboard.platform')}`}
                  data-testid="dashboard-business"
                />
              </Box>
            </Stack>
          </Stack>
          {aside && (
            <Stack spacing={1} sx={{ alignItems: { lg: 'flex-end' }, flexShrink: 0 }}>
              {aside}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The welcome view's cards for the pages the user may open (no figures to show). */
export function ShortcutGrid() {
  const { t } = useTranslation();
  const shortcuts = useShortcutPages(12).filter((page) => page.path !== '/dashboard');
  return (
    <Stack spacing={2} component="section" aria-labelledby="dashboard-shortcuts-title">
      <Typography variant="h5" component="h2" id="dashboard-shortcuts-title">
        {t('dashboard.shortcutsTitle')}
      </Typography>
      {shortcuts.length === 0 ? (
        <Typography color="text.secondary">{t('dashboard.noShortcuts')}</Typography>
      ) : (
        <Grid container spacing={2} data-testid="dashboard-shortcuts">
          {shortcuts.map((page) => (
            <Grid key={page.path} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={page.path} sx={{ height: '100%' }}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Box
                      sx={{
                        width: 48,
                        height: 48,
                        borderRadius: 2,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                        flexShrink: 0,
                      }}
                    >
                      <MenuIcon name={page.icon} />
                    </Box>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{page.title}</Typography>
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {page.path}
                      </Typography>
                    </Box>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
