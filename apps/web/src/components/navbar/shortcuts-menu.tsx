import { useMemo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Apps from '@mui/icons-material/Apps';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Link as RouterLink } from 'react-router';
import { shortcutPaths } from '../../lib/route-catalog';
import { MenuIcon } from '../layouts/menu-icon';
import { useOpenablePages, type OpenablePage } from '../layouts/use-nav-items';
import { useMenuAnchor } from './use-menu-anchor';
import { NavbarPopover } from './navbar-popover';

/** Frequent pages (in the order of shortcutPaths) that this user may open in this build. */
export function useShortcutPages(limit = 6): OpenablePage[] {
  const pages = useOpenablePages();
  return useMemo(() => {
    const byPath = new Map(pages.map((p) => [p.path, p]));
    return shortcutPaths
      .map((path) => byPath.get(path))
      .filter((p): p is OpenablePage => Boolean(p))
      .slice(0, limit);
  }, [pages, limit]);
}

export function ShortcutsMenu() {
  const { t } = useTranslation();
  const menu = useMenuAnchor('dialog');
  const shortcuts = useShortcutPages();
  return (
    <>
      <Tooltip title={t('navbar.shortcuts')}>
        <IconButton
          {...menu.buttonProps}
          aria-label={t('navbar.shortcuts')}
          data-testid="shortcuts-button"
        >
          <Apps />
        </IconButton>
      </Tooltip>
      <NavbarPopover menu={menu} label={t('navbar.shortcuts')} width={340}>
        <Typography
          variant="h6"
          component="h2"
          sx={{ px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {t('navbar.shortcuts')}
        </Typography>
        {shortcuts.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {t('navbar.noShortcuts')}
          </Typography>
        ) : (
          <Box
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}
            data-testid="shortcuts-grid"
          >
            {shortcuts.map((page) => (
              <ButtonBase
                key={page.path}
                component={RouterLink}
                to={page.path}
                onClick={menu.close}
                sx={{
                  flexDirection: 'column',
                  gap: 1,
                  p: 2.5,
                  borderBottom: 1,
                  borderInlineEnd: 1,
                  borderColor: 'divider',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <Box
                  sx={{
                    width: 48,
                    height: 48,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'action.selected',
                  }}
                >
                  <MenuIcon name={page.icon} />
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'center' }}>
                  {page.title}
                </Typography>
              </ButtonBase>
            ))}
          </Box>
        )}
      </NavbarPopover>
    </>
  );
}
