import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Translate from '@mui/icons-material/Translate';
import { locales, type Locale } from '@kopi/contract';
import { useTranslation } from '../../lib/i18n/use-translation';
import { documentLanguage } from '../../lib/i18n/i18n';
import { updateSettings, useSetting } from '../../lib/settings/settings-store';
import { useMenuAnchor } from './use-menu-anchor';

/** English / Melayu; the names are shown in their own language. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useSetting('language');
  const menu = useMenuAnchor('menu');
  const choose = (locale: Locale) => {
    updateSettings({ language: locale });
    menu.close();
  };
  return (
    <>
      <Tooltip title={t('navbar.language')}>
        <IconButton
          {...menu.buttonProps}
          aria-label={`${t('navbar.language')}: ${t(`languages.${language}`)}`}
          data-testid="language-switcher"
        >
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu.anchor} open={menu.open} onClose={menu.close}>
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
