import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import DoNotDisturbOn from '@mui/icons-material/DoNotDisturbOn';
import { orderStatusMoveSchema, type Order, type OrderStatus } from '@kopi/contract';
import { useApproval } from '../../../components/approval/use-approval';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useStatusMove } from '../../../components/use-status-move';
import { useCan } from '../../../lib/can-context';
import { formatMoney } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import { moveOrderStatus } from '../api';
import { useOrderStrings } from '../i18n';
import { availableMoves } from '../order-actions';

const icons = {
  accept: <CheckCircleOutlined />,
  complete: <DoneAll />,
  reject: <DoNotDisturbOn />,
};

/**
 * Accept, Mark completed and Reject, for the moves the order allows and the user may make.
 * Completing cannot be undone and rejecting stops the order, so both ask first; a reject needs a
 * reason (the contract's rule). After a move (or a 409, which the HTTP client reports with the
 * server's reason) `onSettled` refreshes the order.
 */
export function OrderStatusActions({
  order,
  onSettled,
}: {
  order: Order;
  onSettled: () => unknown;
}) {
  const { t, ts } = useOrderStrings();
  const can = useCan();
  const moves = availableMoves(order.allowed_statuses, can);
  const { busy, asking, setAsking, run } = useStatusMove<OrderStatus, 'COMPLETED' | 'REJECTED'>(
    onSettled,
  );
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const { withApproval, dialog } = useApproval();

  if (moves.length === 0) return null;

  const paid = order.paid - order.refunded;

  /**
   * One move. Voiding an order that took money needs `void-order` or a manager's PIN, which
   * useApproval asks for; cancelling the PIN leaves the order as it was.
   */
  const move = (status: OrderStatus, why?: string) =>
    run(
      status,
      () =>
        status === 'REJECTED' && paid > 0
          ? withApproval(
              { action: 'order_void', outletId: order.outlet_id, summary: formatMoney(paid) },
              (approval) => moveOrderStatus(order.id, status, why, approval),
            )
          : moveOrderStatus(order.id, status, why),
      (moved) =>
        toast.success(
          t('actions.moved', {
            number: order.order_no,
            status: ts(`recordStatus.${moved.status}`),
          }),
        ),
    );

  const reject = async () => {
    const checked = orderStatusMoveSchema.safeParse({ status: 'REJECTED', reason });
    if (!checked.success) {
      setReasonError(t('actions.reasonRequired'));
      return;
    }
    await move('REJECTED', checked.data.reason);
  };

  return (
    <>
      {moves.map((m) => (
        <Button
          key={m.status}
          variant={m.key === 'reject' ? 'outlined' : 'contained'}
          color={m.key === 'reject' ? 'error' : m.key === 'complete' ? 'success' : 'primary'}
          startIcon={icons[m.key]}
          loading={busy === m.status}
          disabled={busy !== null}
          data-testid={`order-action-${m.key}`}
          onClick={() => {
            if (m.key === 'accept') void move('APPROVED');
            else {
              setReason('');
              setReasonError(null);
              setAsking(m.status);
            }
          }}
        >
          {t(`actions.${m.key}`)}
        </Button>
      ))}
      <ConfirmDialog
        open={asking === 'COMPLETED'}
        title={t('actions.completeTitle')}
        message={t('actions.completeMessage', { number: order.order_no })}
        confirmLabel={t('actions.complete')}
        confirmColor="primary"
        onConfirm={() => move('COMPLETED')}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'REJECTED'}
        title={t('actions.rejectTitle', { number: order.order_no })}
        message={
          paid > 0
            ? `${t('actions.rejectMessage')} ${t('actions.rejectPaid', { amount: formatMoney(paid) })}`
            : t('actions.rejectMessage')
        }
        confirmLabel={t('actions.reject')}
        confirmColor="error"
        onConfirm={reject}
        onClose={() => setAsking(null)}
      >
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="normal"
          label={t('actions.reason')}
          value={reason}
          required
          onChange={(e) => {
            setReason(e.target.value);
            if (reasonError) setReasonError(null);
          }}
          error={Boolean(reasonError)}
          helperText={reasonError ?? t('actions.reasonHint')}
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'order-reject-reason' } }}
        />
      </ConfirmDialog>
      {dialog}
    </>
  );
}
