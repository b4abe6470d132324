import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from '../../lib/i18n/use-translation';
import { Link as RouterLink } from 'react-router';
import { useActiveNavPath } from './use-nav-items';
import { MenuIcon } from './menu-icon';
import { flattenNavLinks, groupContainsPath, type NavGroup, type NavItem } from './nav-items';

/** SPEC §9: horizontal popovers open 6 px below their button. */
const POPOVER_OFFSET = 6;

function GroupMenu({ group }: { group: NavGroup }) {
  const activePath = useActiveNavPath();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = groupContainsPath(group, activePath);
  const menuId = `hnav-${group.id}`;
  return (
    <>
      <Button
        color={active ? 'primary' : 'inherit'}
        variant={active ? 'contained' : 'text'}
        startIcon={<MenuIcon name={group.icon} />}
        endIcon={<ExpandMore />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
      >
        {group.title}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{ paper: { sx: { mt: `${POPOVER_OFFSET}px`, minWidth: 220 } } }}
      >
        {group.children
          .flatMap((child) =>
            child.kind === 'link'
              ? [child]
              : [{ ...child, header: true as const }, ...flattenNavLinks(child.children)],
          )
          .map((entry) =>
            'header' in entry ? (
              <ListSubheader key={`h-${entry.id}`}>{entry.title}</ListSubheader>
            ) : (
              <MenuItem
                key={entry.id}
                component={RouterLink}
                to={entry.path}
                selected={entry.path === activePath}
                aria-current={entry.path === activePath ? 'page' : undefined}
                onClick={() => setAnchor(null)}
              >
                <ListItemIcon>
                  <MenuIcon name={entry.icon} />
                </ListItemIcon>
                <ListItemText primary={entry.title} />
              </MenuItem>
            ),
          )}
      </Menu>
    </>
  );
}

export function HorizontalNav({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const activePath = useActiveNavPath();
  return (
    <Box
      component="nav"
      aria-label={t('nav.mainNavigation')}
      data-testid="horizontal-nav"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.5,
        px: 3,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {items.map((item) =>
        item.kind === 'link' ? (
          <Button
            key={item.id}
            component={RouterLink}
            to={item.path}
            aria-current={item.path === activePath ? 'page' : undefined}
            color={item.path === activePath ? 'primary' : 'inherit'}
            variant={item.path === activePath ? 'contained' : 'text'}
            startIcon={<MenuIcon name={item.icon} />}
          >
            {item.title}
          </Button>
        ) : (
          <GroupMenu key={item.id} group={item} />
        ),
      )}
    </Box>
  );
}
