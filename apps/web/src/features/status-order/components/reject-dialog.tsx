import { messageKey, orderStatusMoveSchema, type BoardOrder } from '@kopi/contract';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useStatusBoardStrings } from '../i18n';
import { ReasonDialog } from './reason-dialog';

const quickReasons = ['soldOut', 'closing', 'customerLeft', 'duplicate'] as const;

/** The contract's rule for the reason (required, at most 300 characters), as a message to show. */
export function rejectReasonProblem(reason: string): string | undefined {
  const result = orderStatusMoveSchema.safeParse({ status: 'REJECTED', reason });
  if (result.success) return undefined;
  const issue = result.error.issues.find((i) => i.path[0] === 'reason') ?? result.error.issues[0];
  // The schema's length limit carries zod's own English text; say it with the app's words.
  return translateValidation(
    issue?.code === 'too_big' ? messageKey('max_length', { max: 300 }) : issue?.message,
  );
}

/**
 * Asks why before rejecting: the reason is required (the customer and the refund see it).
 */
export function RejectDialog({
  order,
  onClose,
  onConfirm,
}: {
  order: BoardOrder | null;
  onClose: () => void;
  onConfirm: (order: BoardOrder, reason: string) => Promise<boolean>;
}) {
  const { t } = useStatusBoardStrings();
  const texts = {
    title: t('reject.title', { no: order?.order_no ?? '' }),
    message: t('reject.message'),
    reason: t('reject.reason'),
    reasonHint: t('reject.reasonHint'),
    quick: t('reject.quick'),
    quickReasons: quickReasons.map((key) => t(`reject.quickReasons.${key}`)),
    confirm: t('reject.confirm'),
  };
  return (
    <ReasonDialog
      name="reject"
      order={order}
      texts={texts}
      problemOf={rejectReasonProblem}
      color="error"
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
