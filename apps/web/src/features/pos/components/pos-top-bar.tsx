import { useRef, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import type { PosContext, PosOutlet } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { PosShiftControl } from '../../../components/shifts/pos-shift-control';
import { formatDate } from '../../../lib/formatters';
import { usePosStrings } from '../i18n';
import type { OutletSaleState } from '../outlet-state';
import { useToastsBelow } from '../../../components/use-toasts-below';
import { PosRefundButton } from './refund-entry';

const stateColor: Record<OutletSaleState, 'success' | 'warning' | 'error'> = {
  open: 'success',
  lastOrders: 'warning',
  closedNow: 'warning',
  paused: 'error',
  disabled: 'error',
  dayClosed: 'error',
};

function ShortcutsHelp() {
  const { t } = usePosStrings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const rows: [string, string][] = [
    ['F2', t('help.search')],
    ['F3', t('help.barcode')],
    ['F4', t('help.hold')],
    ['F8', t('help.pay')],
    ['Esc', t('help.close')],
    ['Enter', t('help.confirm')],
  ];
  return (
    <>
      <Tooltip title={t('bar.shortcuts')}>
        <IconButton
          aria-label={t('bar.shortcuts')}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ width: 48, height: 48 }}
          data-testid="pos-shortcuts"
        >
          <KeyboardOutlined />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { p: 2, maxWidth: 320 }, 'aria-labelledby': 'pos-help-title' } }}
      >
        <Typography id="pos-help-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {t('help.title')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
          {rows.map(([key, what]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Box component="dt">
                <Box
                  component="kbd"
                  sx={{
                    px: 0.75,
                    py: 0.25,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 0.5,
                    fontFamily: 'monospace',
                  }}
                >
                  {key}
                </Box>
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {what}
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
          {t('help.note')}
        </Typography>
      </Popover>
    </>
  );
}

/** Back to the dashboard, the outlet and its state, hold / recall and the shortcut help. */
export function PosTopBar({
  outlets,
  outletId,
  onOutletChange,
  context,
  saleState,
  heldCount,
  canHold,
  onHold,
  onRecall,
}: {
  outlets: PosOutlet[];
  outletId: string | null;
  onOutletChange: (id: string) => void;
  context: PosContext | undefined;
  saleState: OutletSaleState | null;
  heldCount: number;
  canHold: boolean;
  onHold: () => void;
  onRecall: () => void;
}) {
  const { t } = usePosStrings();
  const header = useRef<HTMLElement>(null);
  useToastsBelow(header);
  const date = context ? formatDate(`${context.outlet.business_date}T12:00:00Z`) : '';
  const stateLabel: Record<OutletSaleState, string> = {
    open: t('state.open'),
    lastOrders: t('state.lastOrders'),
    closedNow: t('state.closedNow'),
    paused: t('state.paused'),
    disabled: t('state.disabled'),
    dayClosed: t('state.dayClosed', { date }),
  };
  return (
    <Box
      component="header"
      ref={header}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        minHeight: 64,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        flexWrap: 'wrap',
      }}
    >
      <Tooltip title={t('bar.backToDashboard')}>
        <IconButton
          component={RouterLink}
          to="/dashboard"
          aria-label={t('bar.backToDashboard')}
          sx={{ width: 48, height: 48 }}
          data-testid="pos-back"
        >
          <ArrowBack />
        </IconButton>
      </Tooltip>
      <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
        {t('bar.title')}
      </Typography>
      {outlets.length === 1 ? (
        // One outlet to sell at (a cashier bound to it): its name, no picker to get wrong. The
        // test id is the picker's: either way it is the top bar's outlet.
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ fontWeight: 600 }}
          aria-label={t('bar.outletIs', { outlet: `${outlets[0]!.code} · ${outlets[0]!.name}` })}
          data-testid="pos-outlet-select"
          data-fixed="true"
        >
          {`${outlets[0]!.code} · ${outlets[0]!.name}`}
        </Typography>
      ) : (
        <TextField
          select
          size="small"
          label={t('bar.outlet')}
          value={outletId ?? ''}
          onChange={(e) => onOutletChange(e.target.value)}
          sx={{ minWidth: 200, maxWidth: 280 }}
          slotProps={{
            select: { native: true },
            htmlInput: { 'data-testid': 'pos-outlet-select', style: { minHeight: 28 } },
          }}
        >
          {outlets.map((o) => (
            <option key={o.id} value={o.id}>
              {`${o.code} · ${o.name}`}
            </option>
          ))}
        </TextField>
      )}
      {saleState && (
        <Chip
          label={stateLabel[saleState]}
          color={stateColor[saleState]}
          variant={saleState === 'open' ? 'outlined' : 'filled'}
          data-testid="pos-outlet-state"
          data-state={saleState}
        />
      )}
      {context && saleState !== 'dayClosed' && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: { xs: 'none', lg: 'block' } }}
        >
          {t('state.businessDate', { date })}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ ml: 'auto', alignItems: 'center' }}>
        <PosShiftControl outletId={outletId} dayClosed={saleState === 'dayClosed'} />
        <PosRefundButton outletId={outletId} />
        <Button
          variant="outlined"
          startIcon={<PauseCircleOutlined />}
          onClick={onHold}
          disabled={!canHold}
          sx={{ minHeight: 48 }}
          data-testid="pos-hold"
        >
          {t('bar.hold')}
        </Button>
        <Badge badgeContent={heldCount} color="primary" overlap="rectangular">
          <Button
            variant="outlined"
            startIcon={<RestoreOutlined />}
            onClick={onRecall}
            sx={{ minHeight: 48 }}
            aria-label={
              heldCount > 0 ? t('bar.recallCount', { count: heldCount }) : t('bar.recall')
            }
            data-testid="pos-recall"
          >
            {t('bar.recall')}
          </Button>
        </Badge>
        <ShortcutsHelp />
      </Stack>
    </Box>
  );
}
