import { useMemo } from 'react';
import type { ThemeOptions } from '@mui/material/styles';
import { useTranslation } from '../i18n/use-translation';

// MUI's components carry English words of their own (an autocomplete's "Open" and "Clear", the
// pagination's "Go to next page"): the theme gives them the screen's language, from the shell's
// `mui.*` strings. Until those strings load (the sign-in page), MUI's English stands.

type PageButton = 'first' | 'last' | 'next' | 'previous';

export function useMuiTexts(): ThemeOptions {
  const { t, i18n } = useTranslation();
  return useMemo((): ThemeOptions => {
    if (!i18n.exists('mui.open')) return {};
    const pageButton = (type: PageButton) =>
      ({
        first: t('mui.firstPage'),
        last: t('mui.lastPage'),
        next: t('mui.nextPage'),
        previous: t('mui.previousPage'),
      })[type];
    return {
      components: {
        MuiAutocomplete: {
          defaultProps: {
            openText: t('mui.open'),
            closeText: t('mui.close'),
            clearText: t('mui.clear'),
            loadingText: t('mui.loading'),
            noOptionsText: t('mui.noOptions'),
          },
        },
        MuiAlert: { defaultProps: { closeText: t('mui.close') } },
        MuiBreadcrumbs: { defaultProps: { expandText: t('mui.showPath') } },
        MuiTablePagination: { defaultProps: { getItemAriaLabel: pageButton } },
        MuiPagination: {
          defaultProps: {
            'aria-label': t('mui.pagination'),
            getItemAriaLabel: (type, page, selected) => {
              if (type === 'page') {
                return t(selected ? 'mui.page' : 'mui.goToPage', { page: page ?? '' });
              }
              return type === 'start-ellipsis' || type === 'end-ellipsis' ? '…' : pageButton(type);
            },
          },
        },
      },
    };
  }, [t, i18n]);
}
