import { useState } from 'react';
import { formatDateTime } from '../../lib/formatters';
import { toast } from '../../lib/toasts';
import type { HeldCart } from './cart';
import { usePosStrings } from './i18n';
import type { usePosCart } from './use-pos-cart';

/**
 * Putting the order on screen on hold under a label, and bringing a held one back: recalling over
 * a cart that is not empty, or deleting a held order, asks first.
 */
export function useHoldRecall({
  pos,
  onCartSwapped,
}: {
  pos: ReturnType<typeof usePosCart>;
  /** The cart on screen was held or replaced by a recalled one. */
  onCartSwapped: () => void;
}) {
  const { t } = usePosStrings();
  const { cart } = pos;
  const [holdOpen, setHoldOpen] = useState(false);
  const [recallOpen, setRecallOpen] = useState(false);
  const [replaceAsk, setReplaceAsk] = useState<HeldCart | null>(null);
  const [deleteAsk, setDeleteAsk] = useState<HeldCart | null>(null);

  const recall = (h: HeldCart) => {
    setReplaceAsk(null);
    setRecallOpen(false);
    if (pos.recall(h.id)) {
      onCartSwapped();
      toast.success(t('recall.recalled', { label: h.label }));
    } else toast.warning(t('recall.gone'));
  };

  return {
    anyOpen: holdOpen || recallOpen || replaceAsk !== null || deleteAsk !== null,
    held: pos.held,
    holdOpen,
    /** The label the hold dialog offers: the table, else the customer, else the time. */
    suggestedLabel: cart.table_no.trim()
      ? t('hold.tableLabel', { table: cart.table_no.trim() })
      : cart.customer_name.trim() ||
        t('hold.defaultLabel', { time: formatDateTime(new Date()).slice(11, 16) }),
    openHold: () => {
      if (cart.lines.length === 0) {
        toast.info(t('hold.emptyCart'));
        return;
      }
      setHoldOpen(true);
    },
    hold: (label: string) => {
      pos.hold(label);
      setHoldOpen(false);
      onCartSwapped();
      toast.success(t('hold.held', { label }));
    },
    closeHold: () => setHoldOpen(false),
    recallOpen,
    openRecall: () => setRecallOpen(true),
    closeRecall: () => setRecallOpen(false),
    /** A cart on screen is replaced only once the cashier agrees. */
    askRecall: (h: HeldCart) => (cart.lines.length > 0 ? setReplaceAsk(h) : recall(h)),
    replaceAsk,
    confirmReplace: () => replaceAsk && recall(replaceAsk),
    cancelReplace: () => setReplaceAsk(null),
    deleteAsk,
    askDelete: setDeleteAsk,
    confirmDelete: () => {
      if (deleteAsk) pos.removeHeld(deleteAsk.id);
      setDeleteAsk(null);
      toast.success(t('recall.deleted'));
    },
    cancelDelete: () => setDeleteAsk(null),
  };
}
