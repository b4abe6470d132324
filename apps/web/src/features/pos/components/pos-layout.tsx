import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';

export type PosLayoutKind = 'wide' | 'medium' | 'narrow';

/**
 * ≥ 1024 px: categories | products | cart. From 720 px: categories in a row above the products,
 * the cart beside them. Narrower: everything stacked and the page scrolls.
 */
export function usePosLayout(): PosLayoutKind {
  const wide = useMediaQuery('(min-width:1024px)', { noSsr: true });
  const sideCart = useMediaQuery('(min-width:720px)', { noSsr: true });
  return wide ? 'wide' : sideCart ? 'medium' : 'narrow';
}

const gridOf: Record<PosLayoutKind, object> = {
  wide: {
    gridTemplateColumns: '168px minmax(0, 1fr) 380px',
    gridTemplateAreas: '"cats products cart"',
  },
  medium: {
    gridTemplateColumns: 'minmax(0, 1fr) 340px',
    gridTemplateRows: 'auto minmax(0, 1fr)',
    gridTemplateAreas: '"cats cart" "products cart"',
  },
  narrow: {
    gridTemplateColumns: 'minmax(0, 1fr)',
    gridTemplateAreas: '"cats" "products" "cart"',
  },
};

/** The three areas of the counter screen, placed for the layout. */
export function PosLayout({
  layout,
  categories,
  products,
  cart,
}: {
  layout: PosLayoutKind;
  categories: ReactNode;
  products: ReactNode;
  cart: ReactNode;
}) {
  const wide = layout === 'wide';
  const narrow = layout === 'narrow';
  const areas = [
    {
      name: 'cats',
      content: categories,
      sx: {
        borderRight: wide ? 1 : 0,
        borderBottom: wide ? 0 : 1,
        borderColor: 'divider',
        minHeight: 0,
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column' as const,
      },
    },
    {
      name: 'products',
      content: products,
      sx: { minHeight: narrow ? 320 : 0, display: 'flex', flexDirection: 'column' as const },
    },
    {
      name: 'cart',
      content: cart,
      sx: {
        borderLeft: narrow ? 0 : 1,
        borderTop: narrow ? 1 : 0,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minHeight: 0,
      },
    },
  ];
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'grid', ...gridOf[layout] }}>
      {areas.map((area) => (
        <Box key={area.name} sx={{ gridArea: area.name, ...area.sx }}>
          {area.content}
        </Box>
      ))}
    </Box>
  );
}
