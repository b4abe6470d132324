import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Search from '@mui/icons-material/Search';
import type { PosMenuProduct } from '@kopi/contract';
import { usePosStrings } from '../i18n';
import type { SoldOutSwitch } from '../use-sold-out';
import { ProductTile } from './product-tile';

export interface ScanMessage {
  kind: 'added' | 'notFound' | 'unsellable';
  text: string;
}

export interface ProductGridProps {
  products: PosMenuProduct[];
  query: string;
  onQueryChange: (q: string) => void;
  barcode: string;
  onBarcodeChange: (code: string) => void;
  onBarcodeEnter: () => void;
  scanMessage: ScanMessage | null;
  onPick: (product: PosMenuProduct) => void;
  /** A long press: the product's option dialog even when a tap would add it at once. */
  onOptions?: ((product: PosMenuProduct) => void) | undefined;
  searchRef: Ref<HTMLInputElement>;
  barcodeRef: Ref<HTMLInputElement>;
  /** The tiles' "sold out today" menu (absent without toggle-sold-out). */
  soldOutSwitch?: SoldOutSwitch | undefined;
}

/** Search, barcode field and the product tiles (sold-out and unavailable ones disabled). */
export function ProductGrid({
  products,
  query,
  onQueryChange,
  barcode,
  onBarcodeChange,
  onBarcodeEnter,
  scanMessage,
  onPick,
  onOptions,
  searchRef,
  barcodeRef,
  soldOutSwitch,
}: ProductGridProps) {
  const { t } = usePosStrings();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0, flex: 1 }}>
      <Stack direction="row" spacing={1} sx={{ p: 1, pb: 0.5 }}>
        <TextField
          inputRef={searchRef}
          type="search"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          placeholder={t('catalogue.search')}
          fullWidth
          slotProps={{
            htmlInput: { 'aria-label': t('catalogue.search'), 'data-testid': 'pos-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          inputRef={barcodeRef}
          value={barcode}
          onChange={(e) => onBarcodeChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onBarcodeEnter();
            }
          }}
          placeholder={t('catalogue.barcode')}
          sx={{ width: { xs: '45%', md: 220 }, flexShrink: 0 }}
          slotProps={{
            htmlInput: {
              'aria-label': t('catalogue.barcode'),
              'data-testid': 'pos-barcode',
              autoComplete: 'off',
              inputMode: 'numeric',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <QrCodeScanner />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      <Box role="status" aria-live="polite" sx={{ px: 1 }}>
        {scanMessage && (
          <Alert
            severity={scanMessage.kind === 'added' ? 'success' : 'warning'}
            sx={{ py: 0 }}
            data-testid="pos-barcode-message"
          >
            {scanMessage.text}
          </Alert>
        )}
      </Box>
      <Box
        role="region"
        aria-label={t('catalogue.products')}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1 }}
      >
        {products.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {query.trim()
              ? t('catalogue.noMatch', { query: query.trim() })
              : t('catalogue.noProducts')}
          </Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
              alignContent: 'start',
            }}
          >
            {products.map((p) => (
              <ProductTile
                key={p.id}
                product={p}
                onPick={() => onPick(p)}
                onOptions={onOptions && (() => onOptions(p))}
                soldOutSwitch={soldOutSwitch}
              />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
