import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { alpha } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Link as RouterLink } from 'react-router';
import { useSettings } from '../../lib/settings/settings-store';
import { AppLogo } from '../app-logo';
import { HorizontalNav } from '../layouts/horizontal-nav';
import type { NavItem } from '../layouts/nav-items';
import { LanguageSwitcher } from './language-switcher';
import { LiveStatus } from './live-status';
import { NotificationsMenu } from './notifications-menu';
import { SearchButton } from './search-dialog';
import { ShortcutsMenu } from './shortcuts-menu';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

export interface AppNavbarProps {
  /** Horizontal layout on a wide screen: logo and menu live in the navbar. */
  horizontal: boolean;
  /** Below 960 px: a button opens the overlay navigation. */
  overlayNav: boolean;
  onOpenNav: () => void;
  navItems: NavItem[];
}

export function AppNavbar({ horizontal, overlayNav, onOpenNav, navItems }: AppNavbarProps) {
  const { t } = useTranslation();
  const { isNavbarBlurEnabled, appContentWidth } = useSettings();
  return (
    <AppBar
      position="sticky"
      component="header"
      data-testid="navbar"
      sx={(theme) => ({
        top: 0,
        zIndex: 'appBar',
        color: 'text.primary',
        borderBottom: 1,
        borderColor: 'divider',
        backgroundColor: isNavbarBlurEnabled
          ? alpha(theme.palette.background.paper, 0.85)
          : theme.palette.background.paper,
        backdropFilter: isNavbarBlurEnabled ? 'blur(8px)' : undefined,
        '@media print': { display: 'none' },
      })}
    >
      <Toolbar
        sx={{
          gap: 0.5,
          minHeight: 64,
          width: '100%',
          mx: 'auto',
          maxWidth: horizontal && appContentWidth === 'boxed' ? 1440 + 48 : undefined,
        }}
      >
        {overlayNav && (
          <IconButton
            edge="start"
            onClick={onOpenNav}
            aria-label={t('nav.openNavigation')}
            data-testid="nav-open"
          >
            <MenuIcon />
          </IconButton>
        )}
        {(horizontal || overlayNav) && (
          <Box
            component={RouterLink}
            to="/"
            sx={{ textDecoration: 'none', mr: 2 }}
            aria-label={t('common.appName')}
          >
            <AppLogo hideTitle={overlayNav} />
          </Box>
        )}
        <SearchButton />
        <Box sx={{ flexGrow: 1 }} />
        <LiveStatus />
        <LanguageSwitcher />
        <ThemeSwitcher />
        <ShortcutsMenu />
        <NotificationsMenu />
        <UserMenu />
      </Toolbar>
      {horizontal && !overlayNav && <HorizontalNav items={navItems} />}
    </AppBar>
  );
}
