import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AddCircleOutlined from '@mui/icons-material/AddCircleOutlined';
import History from '@mui/icons-material/History';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoveDown from '@mui/icons-material/MoveDown';
import Payments from '@mui/icons-material/Payments';
import PointOfSale from '@mui/icons-material/PointOfSale';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RemoveCircleOutlined from '@mui/icons-material/RemoveCircleOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import type { CashMovementKind, ShiftView, Till } from '@kopi/contract';
import { choosePosTill } from '../../lib/pos-till';
import { getShift, useRefreshShifts } from './api';
import { CloseShiftDialog } from './close-shift-dialog';
import { CashMovementDialog, OpenShiftDialog } from './shift-dialogs';
import { MyShiftsDialog, NoSaleDialog, TillChooserDialog } from './pos-shift-extras';
import { ShiftReportDialog } from './shift-report';
import { useShiftStrings } from './i18n';
import { usePosShiftState, useShiftAsks } from './pos-shift-state';
import { useTillName } from '../../lib/till-name';

/**
 * The POS's till and shift in its top bar (tills per device). This device's till and
 * the cashier of its open shift, with a menu for cash in / out, "no sale", the report so far, one's
 * own shifts, switching till and the close; without a shift on this device's till it offers to
 * open one (choosing the till first when the outlet has several and the device has none), and
 * asks at once — or when Pay asks — when the tenant requires a shift to sell. After the outlet's
 * day is closed it says so instead of asking for a float.
 */
export function PosShiftControl({
  outletId,
  dayClosed = false,
}: {
  outletId: string | null;
  dayClosed?: boolean;
}) {
  const { t } = useShiftStrings();
  const tillName = useTillName();
  const state = usePosShiftState(outletId);
  const { mayOpen, mayMove, tills, till, shift, required } = state;
  const refresh = useRefreshShifts();
  const asks = useShiftAsks();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [opening, setOpening] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [movement, setMovement] = useState<CashMovementKind | null>(null);
  const [noSale, setNoSale] = useState(false);
  const [mine, setMine] = useState(false);
  const [closing, setClosing] = useState<ShiftView | null>(null);
  const [report, setReport] = useState<ShiftView | null>(null);

  // Pay asked for a shift (each ask once): choose the till first when the device has none.
  const [handledAsk, setHandledAsk] = useState(asks);
  if (asks !== handledAsk) {
    setHandledAsk(asks);
    if (!dayClosed) {
      if (till) setOpening(true);
      else setChoosing(true);
    }
  }

  // Another device may have opened or closed a shift since the tills were read: a chooser or an
  // open-shift dialog shows who holds each till now.
  const choosingTill = choosing || opening;
  useEffect(() => {
    if (choosingTill) void refresh();
  }, [choosingTill, refresh]);

  if (!outletId || !state.loaded) return null;
  const asking =
    mayOpen &&
    shift === null &&
    required &&
    !dayClosed &&
    dismissed !== outletId &&
    report === null &&
    !choosing &&
    !mine;

  const withShift = async (then: (s: ShiftView) => void) => {
    setMenu(null);
    if (shift) then(await getShift(shift.id));
  };
  const item = (
    testId: string,
    icon: React.ReactNode,
    label: string,
    onClick: () => void,
    disabled = false,
  ) => (
    <MenuItem
      disabled={disabled}
      onClick={() => {
        setMenu(null);
        onClick();
      }}
      sx={{ minHeight: 48 }}
      data-testid={testId}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      {label}
    </MenuItem>
  );
  const chooseTill = (chosen: Till) => {
    choosePosTill(outletId, chosen.id);
    setChoosing(false);
    setDismissed(null);
    // A free till and a user who opens shifts: open one on it now.
    if (chosen.open_shift === null && mayOpen && !dayClosed) setOpening(true);
  };

  const shiftLabel = shift
    ? t('bar.shift', { till: tillName(shift.till_name), name: shift.cashier_name ?? '' })
    : '';
  return (
    <>
      {shift ? (
        <Button
          variant="outlined"
          startIcon={<Payments />}
          onClick={(e) => setMenu(e.currentTarget)}
          sx={{ minHeight: 48, maxWidth: 260 }}
          // Its name starts with what it shows (WCAG 2.5.3), then says what it opens.
          aria-label={`${shiftLabel}, ${t('bar.menu')}`}
          aria-haspopup="menu"
          data-testid="pos-shift"
          data-shift-id={shift.id}
          data-till-id={shift.till_id}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {shiftLabel}
          </span>
        </Button>
      ) : dayClosed ? (
        <Tooltip title={t('device.dayClosedHint')}>
          <span>
            <Button
              variant="outlined"
              disabled
              startIcon={<Payments />}
              sx={{ minHeight: 48 }}
              data-testid="pos-shift-day-closed"
            >
              {t('device.dayClosed')}
            </Button>
          </span>
        </Tooltip>
      ) : !till && tills.length > 1 ? (
        <Button
          variant={required ? 'contained' : 'outlined'}
          color={required ? 'warning' : 'primary'}
          startIcon={<PointOfSale />}
          onClick={() => setChoosing(true)}
          sx={{ minHeight: 48 }}
          data-testid="pos-till-choose"
        >
          {t('device.chooseTill')}
        </Button>
      ) : !mayOpen ? null : (
        <Button
          variant={required ? 'contained' : 'outlined'}
          color={required ? 'warning' : 'primary'}
          startIcon={<Payments />}
          onClick={() => setOpening(true)}
          sx={{ minHeight: 48, maxWidth: 260 }}
          data-testid="pos-shift-open"
          data-till-id={till?.id}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {till ? t('device.openOn', { till: tillName(till.name) }) : t('bar.openShift')}
          </span>
        </Button>
      )}
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {item(
          'pos-shift-cash-in',
          <AddCircleOutlined />,
          t('bar.cashIn'),
          () => setMovement('cash_in'),
          !mayMove,
        )}
        {item(
          'pos-shift-cash-out',
          <RemoveCircleOutlined />,
          t('bar.cashOut'),
          () => setMovement('cash_out'),
          !mayMove,
        )}
        {item(
          'pos-shift-no-sale',
          <MoveDown />,
          t('device.noSale'),
          () => setNoSale(true),
          !mayOpen,
        )}
        {item(
          'pos-shift-report',
          <ReceiptLong />,
          t('bar.report'),
          () => void withShift(setReport),
        )}
        {item('pos-shift-mine', <History />, t('device.myShifts'), () => setMine(true), !mayOpen)}
        {item('pos-shift-switch-till', <SwapHoriz />, t('device.switchTill'), () =>
          setChoosing(true),
        )}
        <Divider />
        {item(
          'pos-shift-close',
          <LockOutlined />,
          t('bar.closeShift'),
          () => void withShift(setClosing),
          !mayOpen,
        )}
      </Menu>
      <OpenShiftDialog
        open={(opening || asking) && !choosing}
        tills={tills}
        tillId={till?.id ?? null}
        required={required}
        onSwitchTill={() => {
          setOpening(false);
          setChoosing(true);
        }}
        onOpened={(opened) => {
          choosePosTill(outletId, opened.till_id);
          setOpening(false);
          setDismissed(null);
          void refresh();
        }}
        onClose={() => {
          setOpening(false);
          setDismissed(outletId);
        }}
      />
      <TillChooserDialog
        open={choosing}
        tills={tills}
        current={till?.id ?? null}
        onChoose={chooseTill}
        onClose={() => {
          setChoosing(false);
          setDismissed(outletId);
        }}
      />
      {shift && (
        <CashMovementDialog
          shiftId={shift.id}
          outletId={shift.outlet_id}
          approvalOver={state.cashOutApprovalOver}
          kind={movement}
          onDone={() => {
            setMovement(null);
            void refresh();
          }}
          onClose={() => setMovement(null)}
        />
      )}
      <NoSaleDialog
        shift={noSale && shift ? shift : null}
        onDone={() => {
          setNoSale(false);
          void refresh();
        }}
        onClose={() => setNoSale(false)}
      />
      <MyShiftsDialog
        open={mine}
        onReport={(s) => {
          setMine(false);
          setReport(s);
        }}
        onClose={() => setMine(false)}
      />
      <CloseShiftDialog
        shift={closing}
        onClose={() => setClosing(null)}
        onClosed={(closed) => {
          setClosing(null);
          // The report first: the prompt to open the next shift waits until it is put away.
          setReport(closed);
          void refresh();
        }}
      />
      <ShiftReportDialog shift={report} onClose={() => setReport(null)} />
    </>
  );
}
