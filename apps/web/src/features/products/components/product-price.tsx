import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { formatMoney } from '../../../lib/formatters';

/** The selling price; with a discount, the discounted price and the base price struck through. */
export function ProductPrice({ base, discounted }: { base: number; discounted: number | null }) {
  if (discounted === null)
    return (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="product-price">
        {formatMoney(base)}
      </Box>
    );
  return (
    <Stack spacing={0} data-testid="product-price">
      <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {formatMoney(discounted)}
      </Box>
      <Box
        component="del"
        sx={{ color: 'text.secondary', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}
      >
        {formatMoney(base)}
      </Box>
    </Stack>
  );
}
