import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Category } from '@kopi/contract';
import { toast } from '../../../lib/toasts';
import { updateCategory, uploadCategoryImage } from '../api';
import { useCategoryStrings } from '../i18n';
import { CategoryForm } from './category-form';

export function CategoryEditDialog({
  category,
  onClose,
  onSaved,
}: {
  category: Category | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, ts } = useCategoryStrings();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={Boolean(category)}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="category-edit-title"
      data-testid="category-edit-dialog"
    >
      <DialogTitle id="category-edit-title">{t('form.editTitle')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {category && (
          <CategoryForm
            id="category-edit-form"
            initial={category}
            onBusyChange={setBusy}
            onSubmit={async (values, image) => {
              await updateCategory(category.id, values);
              if (image.file)
                await uploadCategoryImage(category.id, image.file).catch(() => undefined);
              await onSaved();
              toast.success(t('form.saved'));
              onClose();
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {ts('common.cancel')}
        </Button>
        <Button
          type="submit"
          form="category-edit-form"
          variant="contained"
          loading={busy}
          data-testid="category-edit-save"
        >
          {ts('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
