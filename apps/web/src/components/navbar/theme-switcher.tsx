import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useTranslation } from '../../lib/i18n/use-translation';
import { updateSettings, useSetting } from '../../lib/settings/settings-store';

const options = [
  { value: 'light', icon: <LightModeOutlined fontSize="small" />, label: 'navbar.themeLight' },
  { value: 'dark', icon: <DarkModeOutlined fontSize="small" />, label: 'navbar.themeDark' },
  {
    value: 'system',
    icon: <DesktopWindowsOutlined fontSize="small" />,
    label: 'navbar.themeSystem',
  },
] as const;

export function ThemeSwitcher() {
  const { t } = useTranslation();
  const theme = useSetting('theme');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = options.find((o) => o.value === theme) ?? options[2];
  return (
    <>
      <Tooltip title={t('navbar.theme')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={`${t('navbar.theme')}: ${t(current.label)}`}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          data-testid="theme-switcher"
        >
          {current.icon}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem
            key={option.value}
            selected={option.value === theme}
            data-testid={`theme-option-${option.value}`}
            onClick={() => {
              updateSettings({ theme: option.value });
              setAnchor(null);
            }}
          >
            <ListItemIcon>{option.icon}</ListItemIcon>
            <ListItemText primary={t(option.label)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
