import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  productInputSchema,
  type Product,
  type ProductImage,
  type ProductInput,
} from '@kopi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormField, FormMoneyField, FormSelectField } from '../../../components/form-fields';
import { FormTextField } from '../../../components/form-text-field';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { translateValidation } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toasts';
import {
  createProduct,
  productKeys,
  removeProductImage,
  setMainProductImage,
  updateProduct,
  uploadProductImage,
  useAddonChoices,
  useCategoryChoices,
  useInvalidateProducts,
  useProduct,
  useVariantGroupChoices,
} from '../api';
import {
  emptyProduct,
  formValuesOf,
  productFormFields,
  toInput,
  type ProductFormValues,
} from '../components/product-form-values';
import { ProductImages, type ImageTile } from '../components/product-images';
import { ProductOutlets } from '../components/product-outlets';
import { ProductAddons, ProductVariants } from '../components/product-variants';
import { useProductStrings } from '../i18n';

/** An array field's error is its own or its first item's (e.g. a tag that is too long). */
const firstMessage = (error: unknown): string | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  return Array.isArray(error) ? error.map(firstMessage).find(Boolean) : undefined;
};

interface PendingImage {
  key: string;
  file: File;
  url: string;
}

/** Images chosen before the product exists: previews now, uploaded (main first) after saving. */
function usePendingImages() {
  const [pending, setPending] = useState<PendingImage[]>([]);
  useEffect(() => () => pending.forEach((p) => URL.revokeObjectURL(p.url)), [pending]);
  return {
    pending,
    add: (files: File[]) =>
      setPending((list) => [
        ...list,
        ...files.map((file) => ({
          key: crypto.randomUUID(),
          file,
          url: URL.createObjectURL(file),
        })),
      ]),
    remove: (key: string) => setPending((list) => list.filter((p) => p.key !== key)),
    // The server makes the first upload the main image.
    setMain: (key: string) =>
      setPending((list) => [
        ...list.filter((p) => p.key === key),
        ...list.filter((p) => p.key !== key),
      ]),
  };
}

function ProductForm({ product }: { product: Product | null }) {
  const { t, ts, language } = useProductStrings();
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const invalidateProducts = useInvalidateProducts();
  const categories = useCategoryChoices();
  const variantGroups = useVariantGroupChoices();
  const addons = useAddonChoices();
  const mayCreateLibrary = can('create', 'variant-addon');
  const [images, setImages] = useState<ProductImage[]>(product?.images ?? []);
  const [uploading, setUploading] = useState(false);
  const pendingImages = usePendingImages();

  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: product ? formValuesOf(product) : emptyProduct(),
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const basePrice = useWatch({ control: form.control, name: 'base_price' });

  const uploadAll = async (productId: string, files: File[]) => {
    setUploading(true);
    let failed = false;
    for (const file of files) {
      try {
        setImages(await uploadProductImage(productId, file));
      } catch {
        failed = true;
      }
    }
    setUploading(false);
    return !failed;
  };

  const imageAction = async (call: () => Promise<ProductImage[]>) => {
    setUploading(true);
    try {
      setImages(await call());
      void invalidateProducts();
    } catch {
      // reported by the HTTP client
    } finally {
      setUploading(false);
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      try {
        if (!product) {
          const created = await createProduct(toInput(values));
          // Images need the product's id: they go up once it exists.
          const files = pendingImages.pending.map((p) => p.file);
          if (files.length > 0 && !(await uploadAll(created.id, files)))
            toast.error(t('form.imageFailed'));
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

  const tiles: ImageTile[] = product
    ? images.map((i) => ({ key: i.id, src: i.thumb_url, isMain: i.is_main }))
    : pendingImages.pending.map((p, i) => ({
        key: p.key,
        src: p.url,
        isMain: i === 0,
        pending: true,
      }));

  const categoryOptions = useMemo(
    () =>
      (categories.data ?? []).map((c) => ({
        value: c.id,
        label: (
          <>
            {language === 'my' ? c.name_my : c.name_en}
            {c.status === 'disabled' && (
              <Chip size="small" label={t('status.disabled')} sx={{ ml: 1 }} />
            )}
          </>
        ),
      })),
    [categories.data, language, t],
  );
  const busy = form.formState.isSubmitting || uploading;

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
              <Card component="section" aria-labelledby="product-info-title">
                <CardHeader
                  title={t('form.info')}
                  slotProps={{
                    title: { component: 'h2', variant: 'h5', id: 'product-info-title' },
                  }}
                />
                <CardContent sx={{ pt: 0 }}>
                  <Grid container spacing={2.5}>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <FormTextField
                        control={form.control}
                        name="name"
                        label={t('form.name')}
                        fullWidth
                        autoFocus={!product}
                      />
                    </Grid>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <FormSelectField
                        control={form.control}
                        name="category"
                        label={t('form.category')}
                        fullWidth
                        options={categoryOptions}
                        helperText={
                          categories.data?.length === 0 ? t('form.noCategories') : undefined
                        }
                        slotProps={{
                          select: {
                            SelectDisplayProps: { 'data-testid': 'product-category' } as object,
                          },
                        }}
                      />
                    </Grid>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <FormTextField
                        control={form.control}
                        name="sku"
                        label={t('form.sku')}
                        fullWidth
                      />
                    </Grid>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <FormField
                        control={form.control}
                        name="barcode"
                        label={t('form.barcode')}
                        emptyAsNull
                        fullWidth
                      />
                    </Grid>
                    <Grid size={12}>
                      <FormField
                        control={form.control}
                        name="description"
                        label={t('form.description')}
                        emptyAsNull
                        multiline
                        minRows={3}
                        fullWidth
                      />
                    </Grid>
                    <Grid size={{ xs: 12, md: 8 }}>
                      <Controller
                        control={form.control}
                        name="tags"
                        render={({ field, fieldState }) => (
                          <Autocomplete
                            multiple
                            freeSolo
                            autoSelect
                            options={[] as string[]}
                            value={field.value ?? []}
                            onChange={(_, next) =>
                              field.onChange([
                                ...new Set(
                                  next.map((tag) => tag.trim().toLowerCase()).filter(Boolean),
                                ),
                              ])
                            }
                            renderInput={(params) => (
                              <TextField
                                {...params}
                                label={t('form.tags')}
                                inputRef={field.ref}
                                error={Boolean(fieldState.error)}
                                helperText={
                                  translateValidation(firstMessage(fieldState.error)) ??
                                  t('form.tagsHint')
                                }
                                slotProps={{
                                  ...params.slotProps,
                                  htmlInput: {
                                    ...params.slotProps.htmlInput,
                                    'data-testid': 'product-tags',
                                  },
                                }}
                              />
                            )}
                          />
                        )}
                      />
                    </Grid>
                    <Grid size={{ xs: 12, md: 4 }}>
                      <FormSelectField
                        control={form.control}
                        name="status"
                        label={t('form.status')}
                        fullWidth
                        options={[
                          { value: 'active', label: t('status.active') },
                          { value: 'disabled', label: t('status.disabled') },
                        ]}
                      />
                    </Grid>
                  </Grid>
                </CardContent>
              </Card>
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
              <Card component="section" aria-labelledby="product-pricing-title">
                <CardHeader
                  title={t('form.pricing')}
                  slotProps={{
                    title: { component: 'h2', variant: 'h5', id: 'product-pricing-title' },
                  }}
                />
                <CardContent sx={{ pt: 0 }}>
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
                </CardContent>
              </Card>
              <ProductImages
                name={name}
                images={tiles}
                busy={uploading}
                onAdd={(files) => {
                  if (!product) return pendingImages.add(files);
                  void uploadAll(product.id, files).then(() => invalidateProducts());
                }}
                onRemove={(key) =>
                  product
                    ? void imageAction(() => removeProductImage(product.id, key))
                    : pendingImages.remove(key)
                }
                onSetMain={(key) =>
                  product
                    ? void imageAction(() => setMainProductImage(product.id, key))
                    : pendingImages.setMain(key)
                }
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
