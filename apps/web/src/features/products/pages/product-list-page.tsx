import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import type { ProductListItem, ProductListQuery } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useTableState } from '../../../components/data-table/table-state';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can-context';
import { HttpError } from '../../../lib/http/http-client';
import { translateErrorCode } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toasts';
import {
  archiveProduct,
  bulkProductStatus,
  deleteProduct,
  exportProducts,
  importProducts,
  useCategoryChoices,
  useInvalidateProducts,
  useOutletChoices,
  useProducts,
} from '../api';
import { ImportDialog } from '../components/import-dialog';
import { ProductPrice } from '../components/product-price';
import { ProductStatusLabel } from '../components/product-status-label';
import { useProductStrings } from '../i18n';

type StatusFilter = '' | 'active' | 'disabled' | 'archived';
interface Filters {
  category: string;
  status: StatusFilter;
  outlet: string;
  tag: string;
}
const noFilters: Filters = { category: '', status: '', outlet: '', tag: '' };

type Removal = { product: ProductListItem; kind: 'archive' | 'delete'; blocked?: string } | null;

/** A text filter applied 300 ms after typing stops. */
function DebouncedField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{ width: 140 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}

/** /product/list (read list-product). */
export function ProductListPage() {
  const { t, language } = useProductStrings();
  const can = useCan();
  const mayCreate = can('create', 'list-product');
  const mayUpdate = can('update', 'add-product');
  const mayDelete = can('delete', 'list-product');
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const table = useTableState();
  const [filters, setFiltersState] = useState<Filters>(noFilters);
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({
    key: '',
    ids: new Set(),
  });
  const [bulk, setBulk] = useState<'active' | 'disabled' | null>(null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [rowMenu, setRowMenu] = useState<{ anchor: HTMLElement; product: ProductListItem } | null>(
    null,
  );
  const [removal, setRemoval] = useState<Removal>(null);
  const [importing, setImporting] = useState(false);
  // Remounts the typed tag filter when the filters are cleared.
  const [cleared, setCleared] = useState(0);
  const categories = useCategoryChoices();
  const outlets = useOutletChoices();
  const invalidate = useInvalidateProducts();

  const setFilter = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFiltersState((f) => ({ ...f, [key]: value }));
    table.setPage(1);
  };

  const query: ProductListQuery = useMemo(
    () => ({
      ...table.query,
      category: filters.category || undefined,
      status: filters.status || undefined,
      outlet: filters.outlet || undefined,
      tag: filters.tag || undefined,
    }),
    [table.query, filters],
  );
  const products = useProducts(query);
  const rows = products.data?.rows ?? [];

  // A selection belongs to the rows on screen; another page or filter starts afresh.
  const queryKey = JSON.stringify(query);
  const selected = selection.key === queryKey ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ key: queryKey, ids });

  const runBulk = async (status: 'active' | 'disabled') => {
    try {
      const { updated } = await bulkProductStatus([...selected], status);
      toast.success(t('list.bulkDone', { count: updated }));
      setSelected(new Set());
      await invalidate();
    } catch {
      // reported by the HTTP client
    } finally {
      setBulk(null);
    }
  };

  const remove = async (target: NonNullable<Removal>) => {
    try {
      if (target.kind === 'archive') {
        await archiveProduct(target.product.id);
        toast.success(t('list.archived'));
      } else {
        await deleteProduct(target.product.id);
        toast.success(t('list.deleted'));
      }
      setRemoval(null);
      await invalidate();
    } catch (error) {
      // Sold meanwhile: the server refuses the delete (product_has_sales). Say why, offer archive.
      if (error instanceof HttpError && error.status === 409)
        setRemoval({ ...target, blocked: error.message });
      else {
        if (error instanceof HttpError && target.kind === 'delete') toast.error(error.message);
        setRemoval(null);
      }
    }
  };

  const download = (format: 'csv' | 'xlsx') => {
    setExportAnchor(null);
    const { page: _page, page_size: _size, ...rest } = query;
    void exportProducts(rest, format).catch(() => undefined);
  };

  const categoryOptions = categories.data ?? [];
  const outletOptions = outlets.data ?? [];
  const outletCount = outletOptions.filter((o) => o.status === 'active').length;

  const thumbnail = (p: ProductListItem) => (
    <Avatar
      variant="rounded"
      src={p.image?.thumb_url}
      alt={p.image ? p.name : undefined}
      sx={{ width: 44, height: 44, bgcolor: 'action.hover', color: 'text.secondary' }}
    >
      <ImageOutlined fontSize="small" aria-label={t('list.noImage')} />
    </Avatar>
  );
  const nameCell = (p: ProductListItem) => (
    <Stack spacing={0.25} sx={{ minWidth: compact ? 140 : 160 }}>
      {mayUpdate ? (
        <Typography
          component={RouterLink}
          to={`/product/edit/${p.id}`}
          sx={{ fontWeight: 500, color: 'text.primary', textDecoration: 'none' }}
          data-testid="product-name"
        >
          {p.name}
        </Typography>
      ) : (
        <Typography sx={{ fontWeight: 500 }} data-testid="product-name">
          {p.name}
        </Typography>
      )}
      {compact && (
        <Typography variant="caption" color="text.secondary">
          <Box component="code">{p.sku}</Box> · {p.category_name}
        </Typography>
      )}
      {p.tags.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {p.tags.map((tag) => `#${tag}`).join(' ')}
        </Typography>
      )}
    </Stack>
  );

  // Below 1280 px the image, SKU and category share the name's cell, so prices, outlets and
  // actions stay in view without scrolling sideways.
  const identity: DataTableColumn<ProductListItem>[] = compact
    ? [
        {
          id: 'name',
          header: t('list.name'),
          sortable: true,
          cell: (p) => (
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              {thumbnail(p)}
              {nameCell(p)}
            </Stack>
          ),
        },
      ]
    : [
        { id: 'image', header: t('list.image'), width: 64, cell: thumbnail },
        { id: 'name', header: t('list.name'), sortable: true, cell: nameCell },
        { id: 'category', header: t('list.category'), cell: (p) => p.category_name },
        {
          id: 'sku',
          header: t('list.sku'),
          sortable: true,
          cell: (p) => (
            <Box component="code" sx={{ fontSize: '0.85em', whiteSpace: 'nowrap' }}>
              {p.sku}
            </Box>
          ),
        },
      ];

  const columns: DataTableColumn<ProductListItem>[] = [
    ...identity,
    {
      id: 'price',
      header: t('list.price'),
      sortable: true,
      align: 'right',
      cell: (p) => <ProductPrice base={p.base_price} discounted={p.discounted_price} />,
    },
    {
      id: 'status',
      header: t('list.status'),
      cell: (p) => <ProductStatusLabel status={p.status} />,
    },
    {
      id: 'outlets',
      header: t('list.outlets'),
      cell: (p) => {
        if (p.outlets.length === 0)
          return (
            <Typography variant="body2" color="text.secondary">
              {t('list.noOutlets')}
            </Typography>
          );
        // Available everywhere: one chip, and only the outlets where it is sold out by name.
        const everywhere = outletCount > 1 && p.outlets.length === outletCount;
        const named = everywhere ? p.outlets.filter((o) => o.sold_out_today) : p.outlets;
        return (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: 280 }}>
            {everywhere && (
              <Chip
                size="small"
                variant="outlined"
                label={t('list.allOutlets', { count: outletCount })}
                data-testid="product-all-outlets"
              />
            )}
            {named.map((o) => (
              <Chip
                key={o.outlet_id}
                size="small"
                variant={o.sold_out_today ? 'filled' : 'outlined'}
                color={o.sold_out_today ? 'warning' : 'default'}
                label={o.sold_out_today ? `${o.outlet_name} · ${t('list.soldOut')}` : o.outlet_name}
                title={
                  o.sold_out_today ? t('list.soldOutAt', { outlet: o.outlet_name }) : undefined
                }
                data-testid="product-outlet"
                data-sold-out={o.sold_out_today}
              />
            ))}
          </Box>
        );
      },
    },
    {
      id: 'actions',
      header: t('list.actions'),
      align: 'right',
      cell: (p) => (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {mayUpdate && (
            <Tooltip title={t('list.edit', { name: p.name })}>
              <IconButton
                component={RouterLink}
                to={`/product/edit/${p.id}`}
                aria-label={t('list.edit', { name: p.name })}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {mayDelete && p.status !== 'archived' && (
            <IconButton
              aria-label={t('list.more', { name: p.name })}
              onClick={(e) => setRowMenu({ anchor: e.currentTarget, product: p })}
              data-testid="product-more"
            >
              <MoreVert fontSize="small" />
            </IconButton>
          )}
        </Stack>
      ),
    },
  ];

  const filtering = Object.values(filters).some(Boolean);
  const filterBar = (
    <>
      <TextField
        select
        size="small"
        label={t('list.filterCategory')}
        value={filters.category}
        onChange={(e) => setFilter('category', e.target.value)}
        sx={{ minWidth: 160 }}
        slotProps={{
          select: { SelectDisplayProps: { 'data-testid': 'filter-category' } as object },
        }}
      >
        <MenuItem value="">{t('list.all')}</MenuItem>
        {categoryOptions.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {language === 'my' ? c.name_my : c.name_en}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('list.filterStatus')}
        value={filters.status}
        onChange={(e) => setFilter('status', e.target.value as StatusFilter)}
        sx={{ minWidth: 150 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-status' } as object } }}
      >
        <MenuItem value="">{t('list.allButArchived')}</MenuItem>
        <MenuItem value="active">{t('status.active')}</MenuItem>
        <MenuItem value="disabled">{t('status.disabled')}</MenuItem>
        <MenuItem value="archived">{t('status.archived')}</MenuItem>
      </TextField>
      <TextField
        select
        size="small"
        label={t('list.filterOutlet')}
        value={filters.outlet}
        onChange={(e) => setFilter('outlet', e.target.value)}
        sx={{ minWidth: 150 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-outlet' } as object } }}
      >
        <MenuItem value="">{t('list.all')}</MenuItem>
        {outletOptions.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
      <DebouncedField
        key={cleared}
        label={t('list.filterTag')}
        value={filters.tag}
        onChange={(tag) => setFilter('tag', tag)}
        testId="filter-tag"
      />
      {filtering && (
        <Button
          size="small"
          color="inherit"
          onClick={() => {
            setFiltersState(noFilters);
            setCleared((n) => n + 1);
            table.setPage(1);
          }}
        >
          {t('list.clearFilters')}
        </Button>
      )}
    </>
  );

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={(e) => setExportAnchor(e.currentTarget)}
              aria-haspopup="menu"
              data-testid="product-export"
            >
              {t('list.export')}
            </Button>
            {mayCreate && (
              <Button
                variant="outlined"
                startIcon={<FileUploadOutlined />}
                onClick={() => setImporting(true)}
                data-testid="product-import"
              >
                {t('list.import')}
              </Button>
            )}
            {mayCreate && (
              <Button
                component={RouterLink}
                to="/product/add"
                variant="contained"
                startIcon={<Add />}
                data-testid="product-add"
              >
                {t('list.add')}
              </Button>
            )}
          </>
        }
      />
      <Card>
        {selected.size > 0 && (
          <Alert
            severity="info"
            icon={false}
            data-testid="bulk-bar"
            sx={{ borderRadius: 0, alignItems: 'center' }}
            action={
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => setBulk('active')} data-testid="bulk-enable">
                  {t('list.enable')}
                </Button>
                <Button size="small" onClick={() => setBulk('disabled')} data-testid="bulk-disable">
                  {t('list.disable')}
                </Button>
                <Button size="small" color="inherit" onClick={() => setSelected(new Set())}>
                  {t('list.clearSelection')}
                </Button>
              </Stack>
            }
          >
            {t('list.selected', { count: selected.size })}
          </Alert>
        )}
        <DataTable<ProductListItem>
          label={t('list.table')}
          testId="products-table"
          columns={columns}
          rows={rows}
          rowKey={(p) => p.id}
          total={products.data?.meta.total ?? 0}
          page={table.page}
          pageSize={table.pageSize}
          onPageChange={table.setPage}
          onPageSizeChange={table.setPageSize}
          sort={table.sort}
          onSortChange={table.setSort}
          search={table.q}
          onSearchChange={table.setQ}
          filters={filterBar}
          loading={products.isPending}
          error={products.error}
          onRetry={() => void products.refetch()}
          emptyMessage={t('list.empty')}
          selection={
            mayUpdate
              ? {
                  selected,
                  onChange: setSelected,
                  allLabel: t('list.selectAll'),
                  rowLabel: (p) => t('list.selectRow', { name: p.name }),
                }
              : undefined
          }
        />
      </Card>

      <Menu
        anchorEl={exportAnchor}
        open={Boolean(exportAnchor)}
        onClose={() => setExportAnchor(null)}
      >
        <MenuItem onClick={() => download('csv')} data-testid="product-export-csv">
          {t('list.exportCsv')}
        </MenuItem>
        <MenuItem onClick={() => download('xlsx')} data-testid="product-export-xlsx">
          {t('list.exportXlsx')}
        </MenuItem>
      </Menu>
      <Menu anchorEl={rowMenu?.anchor} open={Boolean(rowMenu)} onClose={() => setRowMenu(null)}>
        <MenuItem
          onClick={() => {
            if (rowMenu) setRemoval({ product: rowMenu.product, kind: 'archive' });
            setRowMenu(null);
          }}
          data-testid="product-archive"
        >
          <ListItemIcon>
            <ArchiveOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('list.archive')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={async () => {
            if (!rowMenu) return;
            const { product } = rowMenu;
            setRowMenu(null);
            if (!product.has_sales) return setRemoval({ product, kind: 'delete' });
            // A sold product keeps its history: the server's own reason, up front, instead of
            // letting the delete fail.
            const reason = await translateErrorCode('product_has_sales');
            setRemoval({ product, kind: 'delete', blocked: reason ?? t('list.soldBefore') });
          }}
          data-testid="product-delete"
        >
          <ListItemIcon>
            <DeleteOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('list.delete')}</ListItemText>
        </MenuItem>
      </Menu>

      <ConfirmDialog
        open={Boolean(bulk)}
        title={t('list.bulkTitle', { count: selected.size })}
        message={
          bulk === 'active'
            ? t('list.bulkEnableMessage', { count: selected.size })
            : t('list.bulkDisableMessage', { count: selected.size })
        }
        confirmLabel={bulk === 'active' ? t('list.enable') : t('list.disable')}
        confirmColor={bulk === 'disabled' ? 'warning' : 'primary'}
        onConfirm={() => (bulk ? runBulk(bulk) : undefined)}
        onClose={() => setBulk(null)}
      />
      <ConfirmDialog
        open={Boolean(removal)}
        title={
          removal?.blocked
            ? t('list.cannotDeleteTitle')
            : removal?.kind === 'archive'
              ? t('list.archiveTitle')
              : t('list.deleteTitle')
        }
        message={
          removal?.blocked ? (
            <span data-testid="product-blocked-reason">{removal.blocked}</span>
          ) : removal?.kind === 'archive' ? (
            t('list.archiveMessage', { name: removal.product.name })
          ) : removal ? (
            t('list.deleteMessage', { name: removal.product.name })
          ) : undefined
        }
        confirmLabel={
          removal?.blocked
            ? t('list.archiveInstead')
            : removal?.kind === 'archive'
              ? t('list.archive')
              : t('list.delete')
        }
        confirmColor={removal?.kind === 'delete' && !removal.blocked ? 'error' : 'warning'}
        onConfirm={() =>
          removal
            ? remove(removal.blocked ? { product: removal.product, kind: 'archive' } : removal)
            : undefined
        }
        onClose={() => setRemoval(null)}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void invalidate()}
        runImport={importProducts}
      />
    </Stack>
  );
}
