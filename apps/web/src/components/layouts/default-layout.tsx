import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Outlet } from 'react-router';
import { PageFallbackContext } from '../../lib/page-fallback';
import { PageSkeleton } from '../page-skeleton';
import { GridFieldCells } from '../field-cells';
import { useIdleLock } from '../../lib/session/idle-lock';
import { liveSocket } from '../../lib/session/session-runtime';
import { useStore } from '../../lib/store';
import { updateSettings, useSettings } from '../../lib/settings/settings-store';
import { contentMaxWidth, overlayNavBreakpoint } from '../../lib/theme/theme-tokens';
import { CustomizerDrawer } from '../customizer/customizer-drawer';
import { LockScreenDialog } from '../lock-screen';
import { AppNavbar } from '../navbar/app-navbar';
import { AppFooter } from './app-footer';
import { ScrollToTop } from './scroll-to-top';
import { useNavItems } from './use-nav-items';
import { VerticalNav } from './vertical-nav';

/** SPEC §2 default layout: vertical or horizontal navigation, navbar, content, footer. */
const pageSkeleton = <PageSkeleton />;

export function DefaultLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const navItems = useNavItems();
  const liveStatus = useStore(liveSocket.status, (s) => s);
  // Below 960 px the navigation is an overlay, whatever the chosen layout.
  const overlay = useMediaQuery((theme: Theme) => theme.breakpoints.down(overlayNavBreakpoint), {
    noSsr: true,
  });
  const [overlayOpen, setOverlayOpen] = useState(false);
  useIdleLock();

  const horizontal = settings.navLayout === 'horizontal' && !overlay;
  const showNavbar =
    settings.navbarType !== 'hidden' || settings.navLayout === 'horizontal' || overlay;
  const boxed = settings.appContentWidth === 'boxed';

  return (
    <Box
      sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}
      data-testid="layout-default"
      data-nav-layout={horizontal ? 'horizontal' : 'vertical'}
      data-skin={settings.skin}
      data-content-width={settings.appContentWidth}
      data-live={liveStatus}
    >
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: 'tooltip',
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('nav.skipToContent')}
      </Link>
      {!horizontal && (
        <VerticalNav
          items={navItems}
          overlay={overlay}
          overlayOpen={overlayOpen}
          onOverlayClose={() => setOverlayOpen(false)}
          collapsed={settings.isVerticalNavCollapsed}
          onToggleCollapsed={() =>
            updateSettings({ isVerticalNavCollapsed: !settings.isVerticalNavCollapsed })
          }
        />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {showNavbar && (
          <AppNavbar
            horizontal={horizontal}
            overlayNav={overlay}
            onOpenNav={() => setOverlayOpen(true)}
            navItems={navItems}
          />
        )}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{
            flexGrow: 1,
            width: '100%',
            mx: 'auto',
            p: { xs: 2, sm: 3 },
            maxWidth: boxed ? contentMaxWidth + 48 : undefined,
            outline: 'none',
          }}
        >
          <GridFieldCells>
            <PageFallbackContext.Provider value={pageSkeleton}>
              <Outlet />
            </PageFallbackContext.Provider>
          </GridFieldCells>
        </Box>
        <AppFooter maxWidth={boxed ? contentMaxWidth : undefined} />
      </Box>
      <ScrollToTop />
      <CustomizerDrawer />
      <LockScreenDialog />
    </Box>
  );
}
