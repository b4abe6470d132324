import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Search from '@mui/icons-material/Search';
import { useTranslation } from '../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../layouts/menu-icon';
import { useOpenablePages, type OpenablePage } from '../layouts/use-nav-items';

/** Case- and accent-insensitive match on the title and the path. */
export function searchPages(pages: readonly OpenablePage[], query: string): OpenablePage[] {
  const normalise = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const q = normalise(query.trim());
  if (!q) return [...pages];
  return pages.filter((p) => normalise(p.title).includes(q) || normalise(p.path).includes(q));
}

/** Ctrl/⌘+K opens it from anywhere. */
export function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

function SearchPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = useOpenablePages();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const results = useMemo(() => searchPages(pages, query), [pages, query]);
  const current = Math.min(active, Math.max(results.length - 1, 0));

  const go = (page: OpenablePage | undefined) => {
    if (!page) return;
    onClose();
    void navigate(page.path);
  };

  return (
    <DialogContent sx={{ p: 0 }}>
      <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          autoFocus
          fullWidth
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          placeholder={t('navbar.searchPlaceholder')}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive(Math.min(current + 1, results.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive(Math.max(current - 1, 0));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              go(results[current]);
            }
          }}
          slotProps={{
            htmlInput: {
              'aria-label': t('navbar.search'),
              role: 'combobox',
              'aria-expanded': true,
              'aria-controls': 'search-results',
              'aria-activedescendant': results[current] ? `search-result-${current}` : undefined,
              'data-testid': 'search-input',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {results.length === 0 ? (
        <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" role="status">
          {t('navbar.searchNoResults', { query })}
        </Typography>
      ) : (
        <List
          id="search-results"
          role="listbox"
          aria-label={t('navbar.searchResults')}
          subheader={<ListSubheader component="div">{t('navbar.searchResults')}</ListSubheader>}
          sx={{ maxHeight: 400, overflowY: 'auto' }}
        >
          {results.map((page, index) => (
            <ListItemButton
              key={page.path}
              id={`search-result-${index}`}
              role="option"
              aria-selected={index === current}
              selected={index === current}
              onClick={() => go(page)}
              onMouseMove={() => setActive(index)}
            >
              <ListItemIcon>
                <MenuIcon name={page.icon} />
              </ListItemIcon>
              <ListItemText primary={page.title} secondary={page.path} />
            </ListItemButton>
          ))}
        </List>
      )}
    </DialogContent>
  );
}

export function SearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const openDialog = useMemo(() => () => setOpen(true), []);
  useSearchShortcut(openDialog);
  return (
    <>
      {compact ? (
        <IconButton
          onClick={openDialog}
          aria-label={t('navbar.searchShortcut')}
          data-testid="search-button"
        >
          <Search />
        </IconButton>
      ) : (
        <Button
          color="inherit"
          onClick={openDialog}
          startIcon={<Search />}
          data-testid="search-button"
          aria-label={t('navbar.searchShortcut')}
          sx={{ color: 'text.secondary', fontWeight: 400 }}
        >
          {t('navbar.search')}
          <Box
            component="kbd"
            sx={{
              ml: 1.5,
              px: 0.75,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              fontSize: 12,
              fontFamily: 'inherit',
            }}
          >
            Ctrl K
          </Box>
        </Button>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-label={t('navbar.search')}
        data-testid="search-dialog"
        slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 10 } } }}
      >
        {open && <SearchPanel onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
