import Button from '@mui/material/Button';
import { useTranslation } from '../../lib/i18n/use-translation';

/** The Cancel and Save buttons under a form; Save submits the form `formId` names. */
export function CancelSaveButtons({
  formId,
  busy,
  onCancel,
  saveTestId,
  cancelLabel,
  readOnly = false,
}: {
  formId: string;
  busy: boolean;
  onCancel: () => void;
  saveTestId: string;
  cancelLabel?: string;
  /** A form only looked at: no Save. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel} color="inherit" disabled={busy}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      {!readOnly && (
        <Button
          type="submit"
          form={formId}
          variant="contained"
          loading={busy}
          data-testid={saveTestId}
        >
          {t('common.save')}
        </Button>
      )}
    </>
  );
}
