import { useEffect, useMemo, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { categoryInputSchema, type Category, type CategoryInput } from '@kopi/contract';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useFilePicker } from '../../../components/file-picker';
import { FormSelectField, statusOptions } from '../../../components/form-fields';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { checkImageFile, IMAGE_ACCEPT } from '../../../lib/image-files';
import { toast } from '../../../lib/toasts';
import { useCategoryStrings } from '../i18n';
import { halfCell } from '../../../components/form-binding';

export interface CategoryImageChange {
  /** A new image to upload once the category is saved. */
  file: File | null;
  /** The current image is to be removed. */
  remove: boolean;
}

type FormValues = z.input<typeof categoryInputSchema>;
const fields = ['name_en', 'name_my', 'status', 'image'] as const;

/** Name in English and Melayu, status and image; shared by the create page and the edit dialog. */
export function CategoryForm({
  id,
  initial,
  onSubmit,
  onBusyChange,
}: {
  /** The form element's id, so a submit button can live outside it (dialog actions). */
  id: string;
  initial?: Category;
  onSubmit: (values: CategoryInput, image: CategoryImageChange) => Promise<void>;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useCategoryStrings();
  const form = useForm<FormValues, unknown, CategoryInput>({
    resolver: zodResolver(categoryInputSchema),
    defaultValues: {
      name_en: initial?.name_en ?? '',
      name_my: initial?.name_my ?? '',
      status: initial?.status ?? 'active',
      image: initial?.image ?? null,
    },
  });
  const [file, setFile] = useState<File | null>(null);
  const [remove, setRemove] = useState(false);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (remove ? null : (initial?.image ?? null));

  const { isSubmitting } = form.formState;
  useEffect(() => onBusyChange?.(isSubmitting), [isSubmitting, onBusyChange]);

  const pick = async (chosen: File) => {
    const problem = await checkImageFile(chosen);
    if (problem === 'wrong_type')
      return void toast.error(t('form.wrongType', { name: chosen.name }));
    if (problem === 'too_large') return void toast.error(t('form.tooLarge', { name: chosen.name }));
    setFile(chosen);
    setRemove(false);
  };
  const picker = useFilePicker({
    accept: IMAGE_ACCEPT,
    label: t('form.chooseImage'),
    testId: 'category-image-input',
    onFile: (chosen) => void pick(chosen),
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(
        { ...values, image: remove ? null : (initial?.image ?? null) },
        { file, remove },
      );
    } catch (error) {
      applyServerErrors(error, form.setError, fields);
    }
  });

  const name = useWatch({ control: form.control, name: 'name_en' });
  return (
    <form id={id} noValidate onSubmit={submit} aria-label={t('form.createTitle')}>
      <Grid container spacing={2.5}>
        <FormTextField
          cell={halfCell}
          control={form.control}
          name="name_en"
          label={t('form.nameEn')}
          autoFocus
        />
        <FormTextField
          cell={halfCell}
          control={form.control}
          name="name_my"
          label={t('form.nameMy')}
        />
        <FormSelectField
          cell={halfCell}
          control={form.control}
          name="status"
          label={t('form.status')}
          options={statusOptions(t('form.active'), t('form.disabled'))}
        />
        <Grid size={12}>
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            {t('form.image')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              variant="rounded"
              src={shown ?? undefined}
              alt={shown ? t('form.imageAlt', { name }) : undefined}
              sx={{ width: 72, height: 72, bgcolor: 'action.hover', color: 'text.secondary' }}
              data-testid="category-image-preview"
            >
              <ImageOutlined aria-label={t('form.noImage')} />
            </Avatar>
            <Stack spacing={1}>
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" startIcon={<UploadOutlined />} onClick={picker.open}>
                  {t('form.chooseImage')}
                </Button>
                {shown && (
                  <Button
                    color="error"
                    startIcon={<DeleteOutline />}
                    onClick={() => {
                      setFile(null);
                      setRemove(true);
                    }}
                  >
                    {t('form.removeImage')}
                  </Button>
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('form.imageHint')}
              </Typography>
            </Stack>
            {picker.input}
          </Stack>
        </Grid>
      </Grid>
    </form>
  );
}
