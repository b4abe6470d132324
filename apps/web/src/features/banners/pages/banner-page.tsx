import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import WarningAmber from '@mui/icons-material/WarningAmber';
import {
  bannerStates,
  type Banner,
  type BannerInput,
  type BannerListQuery,
  type BannerState,
} from '@kopi/contract';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { ListPage } from '../../../components/list-page/list-page';
import { EditDeleteActions } from '../../../components/list-page/row-actions';
import { useConfirmedDelete } from '../../../components/list-page/use-confirmed-delete';
import { ConfirmedDeleteDialog } from '../../../components/list-page/confirmed-delete-dialog';
import { useBusinessClock } from '../../../lib/business-clock';
import { useCrudAbilities } from '../../../lib/can-context';
import { useLocalizedName } from '../../../lib/localized-name';
import { toast } from '../../../lib/toasts';
import {
  createBanner,
  deleteBanner,
  updateBanner,
  uploadBannerImage,
  useBanners,
  useBannersInOrder,
  useInvalidateBanners,
  useOutletChoices,
  useReorderBanners,
} from '../api';
import { AppPreviewCard } from '../components/app-preview-card';
import { BannerDrawer } from '../components/banner-drawer';
import { BannerOrderCard } from '../components/banner-order-card';
import { sizeFor } from '../components/picture-field';
import { StateChip } from '../components/state-chip';
import { useBannerStrings } from '../i18n';
import { scheduleParts } from '../schedule';

type Filters = { state: '' | BannerState; outlet: string };

/**
 * /user-app/banner (read banner): the customer app's banners with their state now, filtered by
 * state, outlet and title; created and edited in a drawer; put in app order by dragging; and the
 * app's home screen previewed as customers see it, in English or Malay.
 */
export function BannerPage() {
  const { t } = useBannerStrings();
  const nameOf = useLocalizedName();
  const { mayCreate, mayUpdate, mayDelete } = useCrudAbilities('banner');
  const { timeZone } = useBusinessClock();
  const table = useTableState();
  const { filters, setFilter, filtering } = useTableFilters<Filters>(table, {
    state: '',
    outlet: '',
  });
  const query: BannerListQuery = useMemo(
    () => ({
      ...table.query,
      state: filters.state || undefined,
      outlet_id: filters.outlet || undefined,
    }),
    [table.query, filters],
  );
  const banners = useBanners(query);
  const inOrder = useBannersInOrder();
  const outlets = useOutletChoices();
  const reorder = useReorderBanners();
  const invalidate = useInvalidateBanners();
  const [editing, setEditing] = useState<{ banner: Banner | null } | null>(null);
  const removal = useConfirmedDelete<Banner>({
    remove: (b) => deleteBanner(b.id),
    refresh: invalidate,
    doneMessage: t('list.deleted'),
  });

  const save = async (values: BannerInput, picture: File | null) => {
    const current = editing?.banner ?? null;
    const saved = current ? await updateBanner(current.id, values) : await createBanner(values);
    if (picture) {
      try {
        await uploadBannerImage(saved.id, picture);
      } catch {
        // The HTTP client says why; the drawer stays open on the saved banner to try again.
        setEditing({ banner: saved });
        await invalidate();
        return;
      }
    }
    toast.success(current ? t('form.saved') : t('form.created'));
    setEditing(null);
    await invalidate();
  };

  const columns: DataTableColumn<Banner>[] = [
    {
      id: 'picture',
      header: t('list.picture'),
      cell: (b) =>
        b.image ? (
          <Box
            component="img"
            src={sizeFor(b.image, 400).webp}
            alt=""
            sx={{ width: 80, aspectRatio: '2 / 1', borderRadius: 1, objectFit: 'cover' }}
          />
        ) : (
          <Tooltip title={t('list.noPicture')}>
            <WarningAmber color="warning" aria-label={t('list.noPicture')} />
          </Tooltip>
        ),
    },
    {
      // The title, and what a tap opens under it.
      id: 'title',
      header: t('list.titleColumn'),
      cell: (b) => (
        <Stack spacing={0.25} sx={{ minWidth: 150, maxWidth: 220 }}>
          <Typography sx={{ fontWeight: 500 }} data-testid="banner-title">
            {b.title_en}
          </Typography>
          {b.title_my && (
            <Typography variant="caption" color="text.secondary">
              {b.title_my}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" noWrap data-testid="banner-opens">
            {t('list.opensWhat', { target: t(`target.${b.target_type}`) })}
            {b.target_type !== 'none' &&
              ` · ${
                b.target_type === 'url'
                  ? b.target_url
                  : b.target_label
                    ? nameOf(b.target_label, b.target_label_my)
                    : t('list.targetGone')
              }`}
          </Typography>
        </Stack>
      ),
    },
    {
      // Its state now beside its schedule and outlets: the table fits 1024 px with its actions.
      id: 'shows',
      header: t('list.shows'),
      cell: (b) => {
        const { from, until } = scheduleParts(b, timeZone);
        return (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <StateChip state={b.state} />
            <Stack spacing={0.25} sx={{ whiteSpace: 'nowrap' }} data-testid="banner-schedule">
              {!from && !until && <Typography variant="body2">{t('list.always')}</Typography>}
              {from && <Typography variant="body2">{t('list.from', { at: from })}</Typography>}
              {until && <Typography variant="body2">{t('list.until', { at: until })}</Typography>}
            </Stack>
            {b.all_outlets ? (
              <Typography variant="caption" color="text.secondary">
                {t('list.allOutlets')}
              </Typography>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                {b.outlets.map((o) => (
                  <Chip key={o.id} size="small" variant="outlined" label={o.code} title={o.name} />
                ))}
              </Box>
            )}
          </Stack>
        );
      },
    },
    actionsColumn(t('list.actions'), (b) => (
      <EditDeleteActions
        name={b.title_en}
        t={t}
        onEdit={mayUpdate ? () => setEditing({ banner: b }) : undefined}
        onDelete={mayDelete ? () => removal.ask(b) : undefined}
      />
    )),
  ];

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      add={
        mayCreate && {
          label: t('list.add'),
          onClick: () => setEditing({ banner: null }),
          testId: 'banner-add',
        }
      }
    >
      <Card>
        <DataTable<Banner>
          {...pagedTableProps(table, banners)}
          label={t('list.table')}
          testId="banners-table"
          searchLabel={t('list.search')}
          columns={columns}
          rowKey={(b) => b.id}
          rowTestId={() => 'banner-row'}
          filters={
            <>
              <FilterSelect
                label={t('list.filterState')}
                value={filters.state}
                onChange={(next) => setFilter('state', next as Filters['state'])}
                anyLabel={t('list.any')}
                options={bannerStates.map((s) => ({ value: s, label: t(`state.${s}`) }))}
                minWidth={150}
                testId="banner-filter-state"
              />
              <FilterSelect
                label={t('list.filterOutlet')}
                value={filters.outlet}
                onChange={(next) => setFilter('outlet', next)}
                anyLabel={t('list.any')}
                options={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                minWidth={150}
                testId="banner-filter-outlet"
              />
            </>
          }
          emptyMessage={filtering || table.q ? t('list.emptyFiltered') : t('list.empty')}
        />
      </Card>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <BannerOrderCard
            banners={inOrder.data ?? []}
            loading={inOrder.isPending}
            failed={inOrder.isError}
            onRetry={() => void inOrder.refetch()}
            mayUpdate={mayUpdate}
            saving={reorder.isPending}
            onSave={(ids) =>
              reorder.mutate(ids, { onSuccess: () => toast.success(t('order.saved')) })
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <AppPreviewCard outlets={outlets.data ?? []} timeZone={timeZone} />
        </Grid>
      </Grid>
      <BannerDrawer
        open={Boolean(editing)}
        banner={editing?.banner ?? null}
        timeZone={timeZone}
        mayUpload={mayUpdate}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <ConfirmedDeleteDialog deletion={removal} t={t} labelOf={(b) => b.title_en} />
    </ListPage>
  );
}
