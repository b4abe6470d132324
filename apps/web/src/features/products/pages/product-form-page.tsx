import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { zodResolver } from '@hookform/resolvers/zod';
import { productInputSchema, type Product, type ProductInput } from '@kopi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormMoneyField } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { toast } from '../../../lib/toasts';
import {
  createProduct,
  productKeys,
  updateProduct,
  useAddonChoices,
  useInvalidateProducts,
  useProduct,
  useVariantGroupChoices,
} from '../api';
import { SectionCard } from '../../../components/section-card';
import {
  emptyProduct,
  formValuesOf,
  productFormFields,
  toInput,
  type ProductFormValues,
} from '../components/product-form-values';
import { ProductImages } from '../components/product-images';
import { ProductInfoSection } from '../components/product-info-section';
import { ProductOutlets } from '../components/product-outlets';
import { ProductAddons, ProductVariants } from '../components/product-variants';
import { useProductImages } from '../components/use-product-images';
import { useProductStrings } from '../i18n';

function ProductForm({ product }: { product: Product | null }) {
  const { t, ts } = useProductStrings();
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const invalidateProducts = useInvalidateProducts();
  const variantGroups = useVariantGroupChoices();
  const addons = useAddonChoices();
  const mayCreateLibrary = can('create', 'variant-addon');
  const images = useProductImages(product, invalidateProducts);

  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: product ? formValuesOf(product) : emptyProduct(),
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const basePrice = useWatch({ control: form.control, name: 'base_price' });

  const submit = form.handleSubmit(
    async (values) => {
      try {
        if (!product) {
          const created = await createProduct(toInput(values));
          // Images need the product's id: they go up once it exists.
          if (!(await images.uploadPending(created.id))) toast.error(t('form.imageFailed'));
          else toast.success(t('form.created'));
          await invalidateProducts();
          void navigate(`/product/edit/${created.id}`, { replace: true });
          return;
        }
        const updated = await updateProduct(product.id, toInput(values));
        client.setQueryData(productKeys.detail(product.id), updated);
        form.reset(formValuesOf(updated));
        void invalidateProducts();
        toast.success(t('form.saved'));
      } catch (error) {
        applyServerErrors(error, form.setError, productFormFields);
      }
    },
    () => toast.error(t('form.fixErrors')),
  );

  const busy = form.formState.isSubmitting || images.uploading;

  return (
    <Stack spacing={3}>
      <PageHeader
        title={product ? t('form.editTitle') : t('form.addTitle')}
        subtitle={product ? product.name : t('form.addSubtitle')}
        actions={
          <>
            <Button component={RouterLink} to="/product/list" startIcon={<ArrowBack />}>
              {t('form.backToList')}
            </Button>
            <Button
              type="submit"
              form="product-form"
              variant="contained"
              loading={busy}
              data-testid="product-save"
            >
              {product ? t('form.save') : t('form.create')}
            </Button>
          </>
        }
      />
      {product?.status === 'archived' && (
        <Alert severity="warning">{t('form.archivedNotice')}</Alert>
      )}
      <form id="product-form" noValidate onSubmit={submit} aria-label={t('form.info')}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 8 }}>
            <Stack spacing={3}>
              <ProductInfoSection control={form.control} autoFocus={!product} />
              <ProductVariants
                control={form.control}
                library={variantGroups.data ?? []}
                mayCreate={mayCreateLibrary}
              />
              <ProductAddons
                control={form.control}
                library={addons.data ?? []}
                mayCreate={mayCreateLibrary}
              />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Stack spacing={3}>
              <SectionCard id="product-pricing-title" title={t('form.pricing')}>
                <Stack spacing={2.5}>
                  <FormMoneyField
                    control={form.control}
                    name="base_price"
                    label={t('form.basePrice')}
                    fullWidth
                  />
                  <FormMoneyField
                    control={form.control}
                    name="discounted_price"
                    label={t('form.discountedPrice')}
                    helperText={t('form.discountedHint')}
                    fullWidth
                  />
                </Stack>
              </SectionCard>
              <ProductImages
                name={name}
                images={images.tiles}
                busy={images.uploading}
                onAdd={images.onAdd}
                onRemove={images.onRemove}
                onSetMain={images.onSetMain}
              />
            </Stack>
          </Grid>
          <Grid size={12}>
            <ProductOutlets
              productId={product?.id ?? null}
              outlets={product?.outlets ?? []}
              price={typeof basePrice === 'number' ? basePrice : (product?.base_price ?? 0)}
              mayUpdate={can('update', 'add-product')}
              maySoldOut={can('toggle', 'sold-out')}
              onChanged={() => void invalidateProducts()}
            />
          </Grid>
        </Grid>
      </form>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/product/list" color="inherit">
          {ts('common.cancel')}
        </Button>
        <Button type="submit" form="product-form" variant="contained" loading={busy}>
          {product ? t('form.save') : t('form.create')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** /product/add (create list-product). */
export function ProductAddPage() {
  return <ProductForm product={null} />;
}

/** /product/edit/:id (update add-product). */
export function ProductEditPage() {
  const { t } = useProductStrings();
  const { id } = useParams();
  const product = useProduct(id);
  if (product.isPending)
    return (
      <Stack spacing={3} data-testid="product-loading">
        <Skeleton variant="text" width={280} height={48} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  if (product.isError || !product.data)
    return (
      <Stack spacing={2}>
        <Alert severity="error">{t('form.notFound')}</Alert>
        <Button
          component={RouterLink}
          to="/product/list"
          startIcon={<ArrowBack />}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('form.backToList')}
        </Button>
      </Stack>
    );
  // Keyed by id: opening another product starts a fresh form.
  return <ProductForm key={product.data.id} product={product.data} />;
}
