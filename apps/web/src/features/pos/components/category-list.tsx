import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { PosMenu } from '@kopi/contract';
import { useLocalizedName } from '../../../lib/localized-name';
import { usePosStrings } from '../i18n';

/** All + the categories: a column beside the grid on a wide screen, a scrolling row below. */
export function CategoryList({
  categories,
  selected,
  onSelect,
  wide,
}: {
  categories: PosMenu['categories'];
  selected: string | null;
  onSelect: (id: string | null) => void;
  wide: boolean;
}) {
  const { t } = usePosStrings();
  const nameOf = useLocalizedName();
  const items = [
    { id: null, name: t('catalogue.all') },
    ...categories.map((c) => ({ id: c.id, name: nameOf(c.name_en, c.name_my) })),
  ];
  return (
    <Box
      component="nav"
      aria-label={t('catalogue.categories')}
      data-testid="pos-categories"
      sx={{
        display: 'flex',
        flexDirection: wide ? 'column' : 'row',
        gap: 0.75,
        p: 1,
        overflowY: wide ? 'auto' : 'hidden',
        overflowX: wide ? 'hidden' : 'auto',
        minHeight: 0,
      }}
    >
      {items.map((c) => {
        const active = c.id === selected;
        return (
          <ButtonBase
            key={c.id ?? 'all'}
            onClick={() => onSelect(c.id)}
            aria-pressed={active}
            data-testid={`pos-category-${c.id ?? 'all'}`}
            sx={{
              flexShrink: 0,
              justifyContent: 'flex-start',
              textAlign: 'start',
              minHeight: 48,
              px: 1.5,
              py: 0.75,
              borderRadius: 1,
              typography: 'body1',
              fontWeight: active ? 600 : 500,
              color: active ? 'primary.contrastText' : 'text.primary',
              bgcolor: active ? 'primary.main' : 'action.hover',
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.dark', outlineOffset: 2 },
            }}
          >
            {c.name}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
