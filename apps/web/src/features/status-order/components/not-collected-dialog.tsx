import { messageKey, orderNotCollectedSchema, type BoardOrder } from '@kopi/contract';
import { useStatusBoardStrings } from '../i18n';
import { ReasonDialog, reasonProblem } from './reason-dialog';

const quickReasons = ['noShow', 'closing', 'remade'] as const;

/** The contract's rule for the reason (required, at most 300 characters), as a message to show. */
export function notCollectedReasonProblem(reason: string): string | undefined {
  const result = orderNotCollectedSchema.safeParse({ reason });
  if (result.success) return undefined;
  return reasonProblem(result.error.issues[0], messageKey('required'));
}

/**
 * A manager clears a ready order the customer never came for: the reason is required (order
 * details and the audit log keep it).
 */
export function NotCollectedDialog(props: {
  order: BoardOrder | null;
  onClose: () => void;
  onConfirm: (order: BoardOrder, reason: string) => Promise<boolean>;
}) {
  const { t } = useStatusBoardStrings();
  return (
    <ReasonDialog
      name="not-collected"
      kind="notCollected"
      quickReasons={quickReasons.map((key) => t(`notCollected.quickReasons.${key}`))}
      problemOf={notCollectedReasonProblem}
      color="warning"
      {...props}
    />
  );
}
