import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Translate from '@mui/icons-material/Translate';
import { locales, type Locale } from '@kopi/contract';
import { useTranslation } from '../../lib/i18n/use-translation';
import { documentLanguage } from '../../lib/i18n/i18n';
import { updateSettings, useSetting } from '../../lib/settings/settings-store';

/** English / Melayu; the names are shown in their own language. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useSetting('language');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (locale: Locale) => {
    updateSettings({ language: locale });
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title={t('navbar.language')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={`${t('navbar.language')}: ${t(`languages.${language}`)}`}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          data-testid="language-switcher"
        >
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {locales.map((locale) => (
          <MenuItem
            key={locale}
            selected={locale === language}
            lang={documentLanguage(locale)}
            data-testid={`language-option-${locale}`}
            onClick={() => choose(locale)}
          >
            {t(`languages.${locale}`, { lng: locale })}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
