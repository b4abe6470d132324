import { orderStatusMoveSchema, type BoardOrder } from '@kopi/contract';
import { useStatusBoardStrings } from '../i18n';
import { ReasonDialog, reasonProblem } from './reason-dialog';

const quickReasons = ['soldOut', 'closing', 'customerLeft', 'duplicate'] as const;

/** The contract's rule for the reason (required, at most 300 characters), as a message to show. */
export function rejectReasonProblem(reason: string): string | undefined {
  const result = orderStatusMoveSchema.safeParse({ status: 'REJECTED', reason });
  if (result.success) return undefined;
  const issue = result.error.issues.find((i) => i.path[0] === 'reason') ?? result.error.issues[0];
  return reasonProblem(issue, issue?.message);
}

/** Asks why before rejecting: the reason is required (the customer and the refund see it). */
export function RejectDialog(props: {
  order: BoardOrder | null;
  onClose: () => void;
  onConfirm: (order: BoardOrder, reason: string) => Promise<boolean>;
}) {
  const { t } = useStatusBoardStrings();
  return (
    <ReasonDialog
      name="reject"
      kind="reject"
      quickReasons={quickReasons.map((key) => t(`reject.quickReasons.${key}`))}
      problemOf={rejectReasonProblem}
      color="error"
      {...props}
    />
  );
}
