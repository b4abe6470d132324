import { messageKey, orderNotCollectedSchema, type BoardOrder } from '@kopi/contract';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useStatusBoardStrings } from '../i18n';
import { ReasonDialog } from './reason-dialog';

const quickReasons = ['noShow', 'closing', 'remade'] as const;

/** The contract's rule for the reason (required, at most 300 characters), as a message to show. */
export function notCollectedReasonProblem(reason: string): string | undefined {
  const result = orderNotCollectedSchema.safeParse({ reason });
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return translateValidation(
    issue?.code === 'too_big' ? messageKey('max_length', { max: 300 }) : messageKey('required'),
  );
}

/**
 * A manager clears a ready order the customer never came for: the reason is required (order
 * details and the audit log keep it).
 */
export function NotCollectedDialog({
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
    title: t('notCollected.title', { no: order?.order_no ?? '' }),
    message: t('notCollected.message'),
    reason: t('notCollected.reason'),
    reasonHint: t('notCollected.reasonHint'),
    quick: t('notCollected.quick'),
    quickReasons: quickReasons.map((key) => t(`notCollected.quickReasons.${key}`)),
    confirm: t('notCollected.confirm'),
  };
  return (
    <ReasonDialog
      name="not-collected"
      order={order}
      texts={texts}
      problemOf={notCollectedReasonProblem}
      color="warning"
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
