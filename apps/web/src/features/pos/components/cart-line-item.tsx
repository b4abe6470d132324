import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import EditNote from '@mui/icons-material/EditNote';
import Remove from '@mui/icons-material/Remove';
import Tune from '@mui/icons-material/Tune';
import { formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { MAX_QUANTITY, type CartAction, type CartLine } from '../cart';
import { usePosStrings } from '../i18n';

/** Why a line cannot be sold as it is: the menu changed, or the server refused it. */
export type LineFlag = 'soldOut' | 'unavailable' | 'refused';

const squareButton = { width: 44, height: 44 } as const;
const steppedButton = { ...squareButton, border: 1, borderColor: 'divider' } as const;

/** A line's icon button, named (and its tooltip worded) by `label`. */
const lineAction = (
  label: string,
  icon: ReactNode,
  onClick: () => void,
  sx: SxProps<Theme> = squareButton,
  testId?: string,
) => (
  <Tooltip title={label}>
    <IconButton aria-label={label} onClick={onClick} sx={sx} data-testid={testId}>
      {icon}
    </IconButton>
  </Tooltip>
);

/** One line of the cart: what it is, its total, and the buttons that change it. */
export function CartLineItem({
  line,
  flag,
  lineTotal,
  dispatch,
  onEditNote,
  onEditOptions = null,
}: {
  line: CartLine;
  flag: LineFlag | undefined;
  lineTotal: number | undefined;
  dispatch: (action: CartAction) => void;
  onEditNote: (key: string) => void;
  /** Opens the line's choices (size, sugar, add-ons); null when its product has none. */
  onEditOptions?: (() => void) | null;
}) {
  const { t } = usePosStrings();
  const nameOf = useLocalizedName();
  const name = nameOf(line.name, line.name_my);
  const flagText: Record<LineFlag, string> = {
    soldOut: t('cart.soldOutNow'),
    unavailable: t('cart.unavailableNow'),
    refused: t('cart.refused'),
  };
  const details = [
    line.options.length > 0 && line.options.map((o) => nameOf(o.name, o.name_my)).join(' · '),
    line.addons.length > 0 && line.addons.map((a) => `+ ${nameOf(a.name, a.name_my)}`).join(', '),
  ].filter((d): d is string => Boolean(d));
  return (
    <Box
      component="li"
      data-testid="pos-cart-line"
      data-flag={flag}
      sx={{
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        gap: 0.5,
        py: 0.75,
        px: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: flag ? (theme) => alpha(theme.palette.error.main, 0.08) : undefined,
        outline: flag ? 1 : undefined,
        outlineColor: flag ? 'error.main' : undefined,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }} data-testid="pos-cart-line-name">
          {name}
        </Typography>
        {details.map((d) => (
          <Typography key={d} variant="body2" color="text.secondary">
            {d}
          </Typography>
        ))}
        {line.notes && (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('cart.note', { note: line.notes })}
          </Typography>
        )}
        {flag && (
          <Typography variant="body2" color="error.main" sx={{ fontWeight: 600 }}>
            {flagText[flag]}
          </Typography>
        )}
      </Box>
      <Typography sx={{ fontWeight: 600, textAlign: 'end' }} data-testid="pos-line-total">
        {lineTotal !== undefined ? formatMoney(lineTotal) : ''}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gridColumn: '1 / -1' }}>
        <IconButton
          aria-label={t('cart.decrease', { name })}
          onClick={() => dispatch({ type: 'increment', key: line.key, by: -1 })}
          sx={steppedButton}
        >
          <Remove fontSize="small" />
        </IconButton>
        <Typography
          aria-label={t('cart.quantityOf', { name })}
          sx={{ minWidth: 40, textAlign: 'center', fontWeight: 600 }}
          data-testid="pos-line-quantity"
        >
          {line.quantity}
        </Typography>
        <IconButton
          aria-label={t('cart.increase', { name })}
          onClick={() => dispatch({ type: 'increment', key: line.key, by: 1 })}
          disabled={line.quantity >= MAX_QUANTITY}
          sx={steppedButton}
        >
          <Add fontSize="small" />
        </IconButton>
        {onEditOptions &&
          lineAction(
            t('cart.editOptions', { name }),
            <Tune fontSize="small" />,
            onEditOptions,
            { ...squareButton, ml: 'auto' },
            'pos-line-options',
          )}
        {lineAction(
          t('cart.editNote', { name }),
          <EditNote fontSize="small" />,
          () => onEditNote(line.key),
          { ...squareButton, ml: onEditOptions ? 0 : 'auto' },
          'pos-line-note',
        )}
        {lineAction(t('cart.remove', { name }), <Close fontSize="small" />, () =>
          dispatch({ type: 'remove', key: line.key }),
        )}
      </Stack>
    </Box>
  );
}
