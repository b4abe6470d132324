import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddCircleOutlined from '@mui/icons-material/AddCircleOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Payments from '@mui/icons-material/Payments';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RemoveCircleOutlined from '@mui/icons-material/RemoveCircleOutlined';
import { can, type CashMovementKind, type Shift } from '@kopi/contract';
import { sessionStore } from '../../lib/session/session-store';
import { useStore } from '../../lib/store';
import { choosePosTill, posTillOf } from '../../lib/pos-till';
import { getShift, useCurrentShifts, useRefreshShifts, useTills } from './api';
import { CloseShiftDialog } from './close-shift-dialog';
import { CashMovementDialog, OpenShiftDialog } from './shift-dialogs';
import { ShiftReportDialog } from './shift-report';
import { useShiftStrings } from './i18n';

/**
 * The POS's shift in its top bar: the till and cashier of the open shift with a menu for cash
 * in / out, the report so far and the close; with none open it offers to open one, and asks at
 * once when the tenant requires a shift to sell.
 */
export function PosShiftControl({ outletId }: { outletId: string | null }) {
  const { t } = useShiftStrings();
  // The POS has no CASL shell: the session's abilities say what this user may do with shifts.
  const abilities = useStore(sessionStore, (s) => s.abilities);
  const mayOpen = can(abilities, 'create', 'shift');
  const mayMove = can(abilities, 'update', 'shift');
  const mayRead = mayOpen || can(abilities, 'read', 'shift');
  const current = useCurrentShifts(mayRead ? outletId : null);
  const tills = useTills(mayRead ? outletId : null);
  const refresh = useRefreshShifts();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [opening, setOpening] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [movement, setMovement] = useState<CashMovementKind | null>(null);
  const [closing, setClosing] = useState<Shift | null>(null);
  const [report, setReport] = useState<Shift | null>(null);

  if (!outletId || !current.data || !tills.data) return null;
  const stored = posTillOf(outletId);
  const till = tills.data.find((x) => x.id === stored) ?? tills.data[0];
  const shift = current.data.shifts.find((s) => s.till_id === till?.id) ?? null;
  const required = current.data.shifts_required;
  const asking = mayOpen && shift === null && required && dismissed !== outletId && report === null;

  const withShift = async (then: (s: Shift) => void) => {
    setMenu(null);
    if (shift) then(await getShift(shift.id));
  };

  return (
    <>
      {shift ? (
        <Button
          variant="outlined"
          startIcon={<Payments />}
          onClick={(e) => setMenu(e.currentTarget)}
          sx={{ minHeight: 48, maxWidth: 260 }}
          aria-label={t('bar.menu')}
          aria-haspopup="menu"
          data-testid="pos-shift"
          data-shift-id={shift.id}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {t('bar.shift', { till: shift.till_name, name: shift.cashier_name ?? '' })}
          </span>
        </Button>
      ) : !mayOpen ? null : (
        <Button
          variant={required ? 'contained' : 'outlined'}
          color={required ? 'warning' : 'primary'}
          startIcon={<Payments />}
          onClick={() => setOpening(true)}
          sx={{ minHeight: 48 }}
          data-testid="pos-shift-open"
        >
          {t('bar.openShift')}
        </Button>
      )}
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          disabled={!mayMove}
          onClick={() => {
            setMenu(null);
            setMovement('cash_in');
          }}
          sx={{ minHeight: 48 }}
          data-testid="pos-shift-cash-in"
        >
          <ListItemIcon>
            <AddCircleOutlined />
          </ListItemIcon>
          {t('bar.cashIn')}
        </MenuItem>
        <MenuItem
          disabled={!mayMove}
          onClick={() => {
            setMenu(null);
            setMovement('cash_out');
          }}
          sx={{ minHeight: 48 }}
          data-testid="pos-shift-cash-out"
        >
          <ListItemIcon>
            <RemoveCircleOutlined />
          </ListItemIcon>
          {t('bar.cashOut')}
        </MenuItem>
        <MenuItem
          onClick={() => void withShift(setReport)}
          sx={{ minHeight: 48 }}
          data-testid="pos-shift-report"
        >
          <ListItemIcon>
            <ReceiptLong />
          </ListItemIcon>
          {t('bar.report')}
        </MenuItem>
        <MenuItem
          disabled={!mayOpen}
          onClick={() => void withShift(setClosing)}
          sx={{ minHeight: 48 }}
          data-testid="pos-shift-close"
        >
          <ListItemIcon>
            <LockOutlined />
          </ListItemIcon>
          {t('bar.closeShift')}
        </MenuItem>
      </Menu>
      <OpenShiftDialog
        open={opening || asking}
        tills={tills.data}
        required={required}
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
      {shift && (
        <CashMovementDialog
          shiftId={shift.id}
          outletId={shift.outlet_id}
          approvalOver={current.data.cash_out_approval_over}
          kind={movement}
          onDone={() => {
            setMovement(null);
            void refresh();
          }}
          onClose={() => setMovement(null)}
        />
      )}
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
