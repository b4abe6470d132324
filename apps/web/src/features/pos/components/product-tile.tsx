import { type MouseEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import MoreVert from '@mui/icons-material/MoreVert';
import type { PosMenuProduct } from '@kopi/contract';
import { formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { usePosStrings } from '../i18n';
import { needsOptionDialog, unsellableReason } from '../options';
import type { SoldOutSwitch } from '../use-sold-out';

/** Held this long, a tile opens its options (or its menu) instead of adding the product. */
export const LONG_PRESS_MS = 550;

/**
 * Runs `open` after a long press; a press that did run it swallows the click that follows, so a
 * tile stays a one-tap add and a long press never adds as well.
 */
function useLongPress(open: () => void, enabled: boolean) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);
  return {
    /** True once after a press that opened the menu: the click it ends in is not a pick. */
    consume: () => {
      const was = fired.current;
      fired.current = false;
      return was;
    },
    handlers: enabled
      ? {
          onPointerDown: (e: PointerEvent) => {
            if (e.button !== 0) return;
            fired.current = false;
            cancel();
            timer.current = setTimeout(() => {
              fired.current = true;
              open();
            }, LONG_PRESS_MS);
          },
          onPointerUp: cancel,
          onPointerLeave: cancel,
          onPointerCancel: cancel,
          onContextMenu: (e: MouseEvent) => {
            // A touch long press (or a right click) on a tablet browser: our menu, not the page's.
            e.preventDefault();
            cancel();
            open();
          },
        }
      : {},
  };
}

export function ProductTile({
  product,
  onPick,
  onOptions,
  soldOutSwitch,
}: {
  product: PosMenuProduct;
  /** A tap: adds the standard item (its defaults), or asks for the choices it cannot default. */
  onPick: () => void;
  /** A long press on a sellable product with choices: its option dialog, to change the defaults. */
  onOptions?: (() => void) | undefined;
  soldOutSwitch?: SoldOutSwitch | undefined;
}) {
  const { t } = usePosStrings();
  const nameOf = useLocalizedName();
  const reason = unsellableReason(product);
  const discounted = product.price < product.base_price;
  const tileRef = useRef<HTMLDivElement>(null);
  const [menuAt, setMenuAt] = useState<HTMLElement | null>(null);
  // A long press changes the choices of a product that has some; otherwise it opens the menu
  // (the corner button always does).
  const pressOptions =
    onOptions && reason === null && needsOptionDialog(product) ? onOptions : null;
  const press = useLongPress(
    () => (pressOptions ? pressOptions() : setMenuAt(tileRef.current)),
    Boolean(pressOptions ?? soldOutSwitch),
  );

  return (
    <Box
      ref={tileRef}
      {...press.handlers}
      sx={{ position: 'relative', display: 'flex', minWidth: 0 }}
    >
      <ButtonBase
        onClick={() => {
          if (!press.consume()) onPick();
        }}
        disabled={reason !== null}
        data-testid={`pos-product-${product.sku}`}
        data-sold-out={product.sold_out || undefined}
        sx={{
          flex: 1,
          minWidth: 0,
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
          // Held for the menu: no text selection or callout on a touch screen.
          userSelect: 'none',
          WebkitTouchCallout: 'none',
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
            pr: soldOutSwitch ? 3.5 : 0,
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
      {soldOutSwitch && (
        <>
          {/* A sibling of the tile, not inside it: a button never holds another button. */}
          <IconButton
            size="small"
            aria-label={t('catalogue.productMenu', { name: nameOf(product.name, product.name_my) })}
            aria-haspopup="menu"
            aria-expanded={Boolean(menuAt)}
            data-testid={`pos-product-menu-${product.sku}`}
            onClick={(e) => setMenuAt(e.currentTarget)}
            sx={{ position: 'absolute', top: 2, insetInlineEnd: 2 }}
          >
            <MoreVert fontSize="small" />
          </IconButton>
          <Menu anchorEl={menuAt} open={Boolean(menuAt)} onClose={() => setMenuAt(null)}>
            <MenuItem
              data-testid="pos-sold-out-toggle"
              onClick={() => {
                setMenuAt(null);
                soldOutSwitch.toggle(product, !product.sold_out);
              }}
            >
              {product.sold_out ? t('catalogue.backInStock') : t('catalogue.markSoldOut')}
            </MenuItem>
          </Menu>
        </>
      )}
    </Box>
  );
}
