import { useState } from 'react';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { Refund, RefundMove, RefundStatus } from '@kopi/contract';
import { refundMoveSchema } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useStatusMove } from '../../../components/use-status-move';
import { useCan } from '../../../lib/can-context';
import { formatMoney } from '../../../lib/formatters';
import { checkImageOrPdfFile } from '../../../lib/image-files';
import { toast } from '../../../lib/toasts';
import { useMoveRefund, useUploadRefundProof } from '../api';
import { useRefundStrings } from '../i18n';
import { availableRefundActions, type RefundActionKey } from '../refund-actions';
import { ProofPicker } from './proof-picker';

type Asking = 'approve' | 'reject' | 'transferred' | 'complete' | 'close';
/** The moves that only ask "are you sure?", and where each takes the refund. */
const plainMoves = { approve: 'APPROVED', complete: 'COMPLETED', close: 'CLOSED' } as const;

/**
 * The refund's moves the server allows and the user may make. Rejecting needs a reason;
 * "transferred" needs the bank's reference and a proof (uploaded first, then the move);
 * approving lets money go back, and completing and closing cannot be undone, so they ask first. A 409 (someone moved it first) is
 * toasted by the client, and `onSettled` refreshes the refund either way.
 */
export function RefundStatusActions({
  refund,
  onSettled,
}: {
  refund: Refund;
  onSettled: () => unknown;
}) {
  const { t, ts } = useRefundStrings();
  const can = useCan();
  const actions = availableRefundActions(refund.allowed_statuses, can);
  const moveMutation = useMoveRefund(refund.id);
  const upload = useUploadRefundProof(refund.id);
  const { busy, asking, setAsking, run } = useStatusMove<RefundStatus, Asking>(onSettled);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);

  if (actions.length === 0) return null;

  const move = (body: RefundMove) =>
    run(
      body.status,
      () => moveMutation.mutateAsync(body),
      (moved) => {
        const status = ts(`recordStatus.${moved.status.replace(' ', '_') as 'WAITING_TRANSFER'}`);
        toast.success(t('actions.moved', { number: refund.refund_no, status }));
      },
    );

  const reject = async () => {
    const checked = refundMoveSchema.safeParse({ status: 'REJECTED', reason: text });
    if (!checked.success) return setTextError(t('actions.reasonRequired'));
    await move(checked.data);
  };

  const transferred = async () => {
    const checked = refundMoveSchema.safeParse({ status: 'TRANSFERED', transfer_reference: text });
    const missingProof = !proof && !refund.proof_url;
    const badProof = proof ? await checkImageOrPdfFile(proof) : null;
    setTextError(checked.success ? null : t('actions.referenceRequired'));
    setProofError(
      missingProof ? t('actions.proofRequired') : badProof ? t('actions.proofBadType') : null,
    );
    if (!checked.success || missingProof || badProof) return;
    if (proof) {
      try {
        await upload.mutateAsync(proof);
      } catch {
        return; // the client toasted why; the dialog stays open to try again
      }
    }
    await move(checked.data);
  };

  const ask = (key: Asking) => {
    setText('');
    setTextError(null);
    setProof(null);
    setProofError(null);
    setAsking(key);
  };

  const onClick = (key: RefundActionKey, status: RefundStatus) => {
    if (key === 'submit' || key === 'waitTransfer') void move({ status });
    else ask(key);
  };

  const amount = formatMoney(refund.amount);
  const textField = (label: string, maxLength: number, testId: string, hint?: string) => (
    <TextField
      autoFocus
      fullWidth
      margin="normal"
      label={label}
      value={text}
      required
      onChange={(e) => {
        setText(e.target.value);
        if (textError) setTextError(null);
      }}
      error={Boolean(textError)}
      helperText={textError ?? hint}
      slotProps={{ htmlInput: { maxLength, 'data-testid': testId } }}
    />
  );

  return (
    <>
      {actions.map((a) => (
        <Button
          key={a.status}
          variant={a.key === 'reject' || a.key === 'close' ? 'outlined' : 'contained'}
          color={a.key === 'reject' ? 'error' : a.key === 'complete' ? 'success' : 'primary'}
          loading={busy === a.status}
          disabled={busy !== null}
          data-testid={`refund-action-${a.key}`}
          onClick={() => onClick(a.key, a.status)}
        >
          {t(`actions.${a.key}`)}
        </Button>
      ))}
      <ConfirmDialog
        open={asking === 'reject'}
        title={t('actions.rejectTitle', { number: refund.refund_no })}
        message={t('actions.rejectMessage')}
        confirmLabel={t('actions.reject')}
        confirmColor="error"
        onConfirm={reject}
        onClose={() => setAsking(null)}
      >
        {textField(t('actions.reason'), 300, 'refund-reject-reason')}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'transferred'}
        title={t('actions.transferTitle', { number: refund.refund_no })}
        message={t('actions.transferMessage', { amount })}
        confirmLabel={t('actions.transferred')}
        onConfirm={transferred}
        onClose={() => setAsking(null)}
      >
        {textField(t('actions.reference'), 60, 'refund-transfer-reference')}
        <ProofPicker
          file={proof}
          onChange={(file) => {
            setProof(file);
            setProofError(null);
          }}
          error={proofError}
          hint={refund.proof_url ? t('actions.proofKept') : undefined}
        />
      </ConfirmDialog>
      {(['approve', 'complete', 'close'] as const).map((key) => (
        <ConfirmDialog
          key={key}
          open={asking === key}
          title={t(`actions.${key}Title`, { number: refund.refund_no })}
          message={t(`actions.${key}Message`, { amount })}
          confirmLabel={t(`actions.${key}`)}
          onConfirm={() => move({ status: plainMoves[key] })}
          onClose={() => setAsking(null)}
        />
      ))}
    </>
  );
}
