import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toasts';
import { createCategory, uploadCategoryImage, useInvalidateCategories } from '../api';
import { CategoryForm } from '../components/category-form';
import { useCategoryStrings } from '../i18n';

/** /product/category-list (create Product Category): a new category; its image follows the save. */
export function CategoryCreatePage() {
  const { t, ts } = useCategoryStrings();
  const navigate = useNavigate();
  const invalidate = useInvalidateCategories();
  const [busy, setBusy] = useState(false);

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('form.createTitle')}
        subtitle={t('form.createSubtitle')}
        actions={
          <Button component={RouterLink} to="/product/category" startIcon={<ArrowBack />}>
            {t('form.backToList')}
          </Button>
        }
      />
      <Card sx={{ maxWidth: 880 }}>
        <CardContent>
          <CategoryForm
            id="category-create-form"
            onBusyChange={setBusy}
            onSubmit={async (values, image) => {
              const created = await createCategory(values);
              // The image needs the category's id: upload once it exists.
              if (image.file)
                await uploadCategoryImage(created.id, image.file).catch(() => undefined);
              await invalidate();
              toast.success(t('form.created'));
              void navigate('/product/category');
            }}
          />
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            type="submit"
            form="category-create-form"
            variant="contained"
            loading={busy}
            data-testid="category-submit"
          >
            {t('form.create')}
          </Button>
          <Button component={RouterLink} to="/product/category" color="inherit">
            {ts('common.cancel')}
          </Button>
        </CardActions>
      </Card>
    </Stack>
  );
}
