import { MAX_NOTE_LENGTH, type CartLine } from '../cart';
import { usePosStrings } from '../i18n';
import { TextPromptDialog } from './text-prompt-dialog';

/**
 * The note of a cart line ("no cucumber", "less ice"), written or changed in the cart: products
 * without choices go straight in, so this is the only place their note can be given.
 */
export function NoteDialog({
  line,
  onSave,
  onClose,
}: {
  line: CartLine | null;
  onSave: (notes: string) => void;
  onClose: () => void;
}) {
  const { t } = usePosStrings();
  return (
    <TextPromptDialog
      open={line !== null}
      idPrefix="pos-note"
      title={t('note.title', { name: line?.name ?? '' })}
      label={t('options.note')}
      hint={t('note.hint')}
      submitLabel={t('note.save')}
      inputTestId="pos-note-input"
      submitTestId="pos-note-save"
      initial={line?.notes ?? ''}
      maxLength={MAX_NOTE_LENGTH}
      onSubmit={onSave}
      onClose={onClose}
    />
  );
}
