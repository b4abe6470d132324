/** What the add-on and variant group dialogs take: the entry to edit (none: a new one). */
export interface CatalogueDialogProps<TInitial, TInput> {
  open: boolean;
  initial?: TInitial | null;
  /** How many products use the entry: editing it changes all of them. */
  usedBy?: number;
  onSubmit: (values: TInput) => Promise<void>;
  onClose: () => void;
}
