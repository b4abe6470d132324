import type { FormEvent, ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormControlProvider } from '../form-binding';
import { CancelSaveButtons } from './cancel-save-buttons';

/**
 * A record's create or edit form in a dialog, Cancel and Save below it. `name` ("addon") names
 * its ids: `addon-dialog`, `addon-dialog-title`, `addon-form`, `addon-save`. Without `onSubmit`
 * the children bring their own form with the id `<name>-form`. Fields inside bind to `control`'s
 * form unless given their own.
 */
export function FormDialog<T extends FieldValues>({
  name,
  control,
  open,
  title,
  titleId = `${name}-dialog-title`,
  maxWidth,
  busy,
  onClose,
  onSubmit,
  dividers = false,
  children,
}: {
  name: string;
  control?: Control<T>;
  open: boolean;
  title: ReactNode;
  titleId?: string;
  maxWidth: DialogProps['maxWidth'];
  busy: boolean;
  onClose: () => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Lines above and below the content (a long form that scrolls). */
  dividers?: boolean;
  children: ReactNode;
}) {
  const formId = `${name}-form`;
  return (
    <Dialog
      open={open}
      // A save under way finishes (or fails) before the dialog may close.
      onClose={busy ? undefined : onClose}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={titleId}
      data-testid={`${name}-dialog`}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers} sx={dividers ? undefined : { pt: '8px !important' }}>
        {onSubmit ? (
          <form
            id={formId}
            noValidate
            // React events bubble through portals: keep a form around the dialog out of it.
            onSubmit={(e) => {
              e.stopPropagation();
              void onSubmit(e);
            }}
          >
            <FormControlProvider control={control}>{children}</FormControlProvider>
          </form>
        ) : (
          <FormControlProvider control={control}>{children}</FormControlProvider>
        )}
      </DialogContent>
      <DialogActions>
        <CancelSaveButtons
          formId={formId}
          busy={busy}
          onCancel={onClose}
          saveTestId={`${name}-save`}
        />
      </DialogActions>
    </Dialog>
  );
}
