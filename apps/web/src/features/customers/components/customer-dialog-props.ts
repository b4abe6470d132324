import type { CustomerDetails } from '@kopi/contract';

/** A dialog acting on the customer open on the details page; `onDone` refreshes the page. */
export interface CustomerDialogProps {
  customer: CustomerDetails;
  open: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}
