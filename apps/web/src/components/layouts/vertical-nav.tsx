import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useTheme, type Theme } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import Close from '@mui/icons-material/Close';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import RadioButtonChecked from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Link as RouterLink } from 'react-router';
import { useActiveNavPath } from './use-nav-items';
import { useSettings } from '../../lib/settings/settings-store';
import { createAppTheme, onPrimary } from '../../lib/theme/create-app-theme';
import { useMuiTexts } from '../../lib/theme/mui-texts';
import { navWidths } from '../../lib/theme/theme-tokens';
import { AppLogo } from '../app-logo';
import { MenuIcon } from './menu-icon';
import { groupContainsPath, type NavGroup, type NavItem, type NavLink } from './nav-items';

// The active page is a filled primary pill, its text readable on the chosen colour.
const navItemSx = {
  mx: 1.5,
  my: 0.25,
  minHeight: 40,
  borderRadius: 2,
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: 'primary.main',
    color: (theme: Theme) => onPrimary(theme.palette.primary.main),
    '& .MuiListItemIcon-root': { color: 'inherit' },
  },
} as const;

interface NavListProps {
  items: NavItem[];
  /** Icons only (collapsed navigation, not hovered). */
  mini: boolean;
  onNavigate?: () => void;
}

function LinkItem({
  item,
  mini,
  depth,
  onNavigate,
}: {
  item: NavLink;
  mini: boolean;
  depth: number;
  onNavigate?: () => void;
}) {
  const active = useActiveNavPath() === item.path;
  const button = (
    <ListItemButton
      // A plain link: the menu, not the router's prefix match, says which entry is the page.
      component={RouterLink}
      to={item.path}
      selected={active}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      sx={{ ...navItemSx, pl: mini ? 1.75 : 1.75 + depth * 1.5 }}
    >
      <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
        {depth > 0 && !item.icon ? (
          active ? (
            <RadioButtonChecked sx={{ fontSize: 12, mx: '6px' }} />
          ) : (
            <RadioButtonUnchecked sx={{ fontSize: 12, mx: '6px' }} />
          )
        ) : (
          <MenuIcon name={item.icon} />
        )}
      </ListItemIcon>
      <ListItemText
        primary={item.title}
        slotProps={{ primary: { noWrap: true, title: item.title } }}
        sx={{ opacity: mini ? 0 : 1, minWidth: 0, transition: 'opacity 150ms' }}
      />
    </ListItemButton>
  );
  return mini ? (
    <Tooltip title={item.title} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function GroupItem({
  item,
  mini,
  depth,
  onNavigate,
}: {
  item: NavGroup;
  mini: boolean;
  depth: number;
  onNavigate?: () => void;
}) {
  const containsActive = groupContainsPath(item, useActiveNavPath());
  const [open, setOpen] = useState(containsActive);
  const expanded = (open || containsActive) && !mini;
  const listId = `nav-group-${item.id}`;
  return (
    <>
      <ListItemButton
        onClick={() => setOpen(!expanded)}
        aria-expanded={expanded}
        aria-controls={listId}
        sx={{
          mx: 1.5,
          my: 0.25,
          minHeight: 40,
          pl: 1.75 + depth * 1.5,
          ...(containsActive && { fontWeight: 600 }),
        }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
          <MenuIcon name={item.icon} />
        </ListItemIcon>
        {/* A long (Malay) title ends in an ellipsis before the arrow instead of running into it. */}
        <ListItemText
          primary={item.title}
          slotProps={{ primary: { noWrap: true, title: item.title } }}
          sx={{ opacity: mini ? 0 : 1, minWidth: 0, mr: 0.5 }}
        />
        {!mini && (expanded ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto" unmountOnExit>
        <List id={listId} component="div" disablePadding>
          {item.children.map((child) => (
            <NavEntry
              key={child.id}
              item={child}
              mini={mini}
              depth={depth + 1}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function NavEntry({
  item,
  mini,
  depth,
  onNavigate,
}: {
  item: NavItem;
  mini: boolean;
  depth: number;
  onNavigate?: () => void;
}) {
  return item.kind === 'link' ? (
    <LinkItem item={item} mini={mini} depth={depth} onNavigate={onNavigate} />
  ) : (
    <GroupItem item={item} mini={mini} depth={depth} onNavigate={onNavigate} />
  );
}

export function NavList({ items, mini, onNavigate }: NavListProps) {
  return (
    <List component="div" sx={{ py: 1 }}>
      {items.map((item) => (
        <NavEntry key={item.id} item={item} mini={mini} depth={0} onNavigate={onNavigate} />
      ))}
    </List>
  );
}

/** The semi-dark option paints the vertical navigation dark while the page stays light. */
function NavTheme({ children }: { children: ReactNode }) {
  const outer = useTheme();
  const settings = useSettings();
  const texts = useMuiTexts();
  if (!settings.isVerticalNavSemiDark || outer.palette.mode === 'dark') return children;
  // Same provider as the app's (no CSS-variables provider in the bundle; see vite.config.ts).
  const dark = {
    ...createAppTheme(
      {
        mode: 'dark',
        primaryColor: settings.primaryColor,
        skin: settings.skin,
        direction: settings.direction,
      },
      texts,
    ),
    vars: null,
  };
  return <ThemeProvider theme={dark}>{children}</ThemeProvider>;
}

export interface VerticalNavProps {
  items: NavItem[];
  /** Below 960 px the navigation is an overlay drawer. */
  overlay: boolean;
  overlayOpen: boolean;
  onOverlayClose: () => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

export function VerticalNav({
  items,
  overlay,
  overlayOpen,
  onOverlayClose,
  collapsed,
  onToggleCollapsed,
}: VerticalNavProps) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const mini = !overlay && collapsed && !hovered;

  const header = (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        px: 2.5,
        minHeight: 64,
      }}
    >
      <AppLogo hideTitle={mini} />
      {overlay ? (
        <IconButton onClick={onOverlayClose} aria-label={t('nav.closeNavigation')} edge="end">
          <Close />
        </IconButton>
      ) : (
        !mini && (
          <IconButton
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('nav.expandNavigation') : t('nav.collapseNavigation')}
            aria-pressed={!collapsed}
            edge="end"
            size="small"
            data-testid="nav-collapse-toggle"
          >
            <ChevronLeft sx={{ transform: collapsed ? 'rotate(180deg)' : undefined }} />
          </IconButton>
        )
      )}
    </Box>
  );

  if (overlay) {
    return (
      <NavTheme>
        <Drawer
          variant="temporary"
          open={overlayOpen}
          onClose={onOverlayClose}
          sx={{ zIndex: 'overlay' }}
          slotProps={{ paper: { sx: { width: navWidths.expanded, bgcolor: 'background.paper' } } }}
        >
          <Box component="nav" aria-label={t('nav.mainNavigation')} data-testid="vertical-nav">
            {header}
            <NavList items={items} mini={false} onNavigate={onOverlayClose} />
          </Box>
        </Drawer>
      </NavTheme>
    );
  }

  return (
    <Box
      sx={{
        width: collapsed ? navWidths.collapsed : navWidths.expanded,
        flexShrink: 0,
        transition: 'width 200ms',
        position: 'relative',
        zIndex: 'drawer',
      }}
    >
      <NavTheme>
        <Box
          component="nav"
          aria-label={t('nav.mainNavigation')}
          data-testid="vertical-nav"
          data-collapsed={collapsed}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          sx={{
            position: 'fixed',
            top: 0,
            insetInlineStart: 0,
            height: '100vh',
            overflowY: 'auto',
            overflowX: 'hidden',
            width: mini ? navWidths.collapsed : navWidths.expanded,
            transition: 'width 200ms',
            bgcolor: 'background.paper',
            color: 'text.primary',
            borderInlineEnd: 1,
            borderColor: 'divider',
            boxShadow: collapsed && hovered ? 8 : 0,
          }}
        >
          {header}
          <NavList items={items} mini={mini} />
        </Box>
      </NavTheme>
    </Box>
  );
}
