import { ConfirmDialog } from '../../../components/confirm-dialog';
import { usePosStrings } from '../i18n';
import type { HeldCart } from '../cart';
import type { useHoldRecall } from '../use-hold-recall';
import { HoldDialog, RecallDialog } from './hold-dialogs';

/** Asks before a held order replaces the cart on screen, or before it is deleted. */
function HeldCartConfirm({
  kind,
  held,
  onConfirm,
  onClose,
}: {
  kind: 'replace' | 'delete';
  held: HeldCart | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  return (
    <ConfirmDialog
      open={held !== null}
      title={t(`recall.${kind}Title`)}
      message={t(`recall.${kind}Message`, { label: held?.label ?? '' })}
      confirmLabel={t(`recall.${kind}`)}
      confirmColor={kind === 'replace' ? 'warning' : 'error'}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** The dialogs of holding and recalling orders, driven by useHoldRecall. */
export function HoldRecallDialogs({ flow }: { flow: ReturnType<typeof useHoldRecall> }) {
  return (
    <>
      <HoldDialog
        open={flow.holdOpen}
        suggested={flow.suggestedLabel}
        onHold={flow.hold}
        onClose={flow.closeHold}
      />
      <RecallDialog
        open={flow.recallOpen}
        held={flow.held}
        onRecall={flow.askRecall}
        onDelete={flow.askDelete}
        onClose={flow.closeRecall}
      />
      <HeldCartConfirm
        kind="replace"
        held={flow.replaceAsk}
        onConfirm={flow.confirmReplace}
        onClose={flow.cancelReplace}
      />
      <HeldCartConfirm
        kind="delete"
        held={flow.deleteAsk}
        onConfirm={flow.confirmDelete}
        onClose={flow.cancelDelete}
      />
    </>
  );
}
