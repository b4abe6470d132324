import { useState } from 'react';
import type { Category } from '@kopi/contract';
import { FormDialog } from '../../../components/entity-drawer/form-dialog';
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
  const { t } = useCategoryStrings();
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      name="category-edit"
      open={Boolean(category)}
      title={t('form.editTitle')}
      titleId="category-edit-title"
      maxWidth="sm"
      busy={busy}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
