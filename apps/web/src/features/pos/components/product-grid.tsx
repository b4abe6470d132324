import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Search from '@mui/icons-material/Search';
import type { PosMenuProduct } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { usePosStrings } from '../i18n';
import { needsOptionDialog, unsellableReason } from '../options';

export interface ScanMessage {
  kind: 'added' | 'notFound' | 'unsellable';
  text: string;
}

function ProductTile({ product, onPick }: { product: PosMenuProduct; onPick: () => void }) {
  const { t } = usePosStrings();
  const nameOf = useLocalizedName();
  const reason = unsellableReason(product);
  const discounted = product.price < product.base_price;
  return (
    <ButtonBase
      onClick={onPick}
      disabled={reason !== null}
      data-testid={`pos-product-${product.sku}`}
      data-sold-out={product.sold_out || undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        justifyContent: 'space-between',
        textAlign: 'start',
        minHeight: 92,
        p: 1.25,
        gap: 0.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1.5,
        bgcolor: 'background.paper',
        '&:active': { bgcolor: 'action.selected' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        '&.Mui-disabled': { opacity: 1, bgcolor: 'action.disabledBackground' },
      }}
    >
      <Typography
        component="span"
        sx={{
          fontWeight: 600,
          lineHeight: 1.25,
          color: reason ? 'text.secondary' : 'text.primary',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {nameOf(product.name, product.name_my)}
      </Typography>
      <Box
        component="span"
        sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, flexWrap: 'wrap' }}
      >
        <Typography
          component="span"
          sx={{ fontWeight: 600 }}
          color={reason ? 'text.secondary' : 'primary.dark'}
        >
          {formatMoney(product.price)}
        </Typography>
        {discounted && (
          <Typography component="del" variant="caption" color="text.secondary">
            {formatMoney(product.base_price)}
          </Typography>
        )}
        {reason ? (
          <Typography
            component="span"
            variant="caption"
            sx={{
              ml: 'auto',
              px: 0.75,
              borderRadius: 0.5,
              fontWeight: 600,
              bgcolor: reason === 'soldOut' ? 'error.main' : 'grey.600',
              color: 'common.white',
            }}
          >
            {reason === 'soldOut' ? t('catalogue.soldOut') : t('catalogue.unavailable')}
          </Typography>
        ) : (
          needsOptionDialog(product) && (
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              sx={{ ml: 'auto' }}
            >
              {t('catalogue.hasOptions')}
            </Typography>
          )
        )}
      </Box>
    </ButtonBase>
  );
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
  searchRef: Ref<HTMLInputElement>;
  barcodeRef: Ref<HTMLInputElement>;
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
  searchRef,
  barcodeRef,
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
              <ProductTile key={p.id} product={p} onPick={() => onPick(p)} />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
