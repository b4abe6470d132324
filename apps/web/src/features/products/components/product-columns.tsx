import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import type { ProductListItem } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { actionsColumn, type DataTableColumn } from '../../../components/data-table/data-table';
import { RowActions, EditAction } from '../../../components/list-page/row-actions';
import { useLocalizedName } from '../../../lib/localized-name';
import { useProductStrings } from '../i18n';
import { ProductPrice } from './product-price';
import { ProductStatusLabel } from './product-status-label';

/** Where a product is sold: every active outlet as one chip, else each outlet by name. */
function OutletChips({
  product: p,
  outletCount,
}: {
  product: ProductListItem;
  outletCount: number;
}) {
  const { t } = useProductStrings();
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
          title={o.sold_out_today ? t('list.soldOutAt', { outlet: o.outlet_name }) : undefined}
          data-testid="product-outlet"
          data-sold-out={o.sold_out_today}
        />
      ))}
    </Box>
  );
}

/** The product list's columns; on a tablet the image, category and SKU give way. */
export function useProductColumns({
  mayUpdate,
  mayDelete,
  outletCount,
  onMore,
  onSoldOut,
}: {
  mayUpdate: boolean;
  mayDelete: boolean;
  /** Opens the row's "sold out today" menu (absent without toggle-sold-out). */
  onSoldOut?: ((anchor: HTMLElement, product: ProductListItem) => void) | undefined;
  /** How many outlets are active (a product in all of them shows one chip). */
  outletCount: number;
  onMore: (anchor: HTMLElement, product: ProductListItem) => void;
}): DataTableColumn<ProductListItem>[] {
  const { t } = useProductStrings();
  const nameOf = useLocalizedName();

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
    <Stack spacing={0.25} sx={{ minWidth: 140 }}>
      {mayUpdate ? (
        <Typography
          component={RouterLink}
          to={`/product/edit/${p.id}`}
          sx={{ fontWeight: 500, color: 'text.primary', textDecoration: 'none' }}
          data-testid="product-name"
        >
          {nameOf(p.name, p.name_my)}
        </Typography>
      ) : (
        <Typography sx={{ fontWeight: 500 }} data-testid="product-name">
          {nameOf(p.name, p.name_my)}
        </Typography>
      )}
      {/* In Malay the English name stays in sight: it is what the list sorts by. */}
      {nameOf(p.name, p.name_my) !== p.name && (
        <Typography variant="caption" color="text.secondary" data-testid="product-name-en">
          {p.name}
        </Typography>
      )}
      {p.tags.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {p.tags.map((tag) => `#${tag}`).join(' ')}
        </Typography>
      )}
    </Stack>
  );

  // The product's form shows its image, category and SKU; on a tablet the list keeps its price,
  // status, outlets and buttons in view.
  const identity: DataTableColumn<ProductListItem>[] = [
    { id: 'image', header: t('list.image'), width: 64, priority: 'low', cell: thumbnail },
    { id: 'name', header: t('list.name'), sortable: true, cell: nameCell },
    { id: 'category', header: t('list.category'), priority: 'low', cell: (p) => p.category_name },
    {
      id: 'sku',
      header: t('list.sku'),
      sortable: true,
      priority: 'low',
      cell: (p) => (
        <Box component="code" sx={{ fontSize: '0.85em', whiteSpace: 'nowrap' }}>
          {p.sku}
        </Box>
      ),
    },
  ];

  return [
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
      cell: (p) => <OutletChips product={p} outletCount={outletCount} />,
    },
    actionsColumn(t('list.actions'), (p) => (
      <RowActions>
        {mayUpdate && (
          <EditAction label={t('list.edit', { name: p.name })} to={`/product/edit/${p.id}`} />
        )}
        {onSoldOut && p.status === 'active' && p.outlets.length > 0 && (
          <IconButton
            aria-label={t('list.soldOutMenu', { name: p.name })}
            aria-haspopup="menu"
            onClick={(e) => onSoldOut(e.currentTarget, p)}
            data-testid="product-sold-out"
          >
            <RemoveShoppingCartOutlined fontSize="small" />
          </IconButton>
        )}
        {mayDelete && p.status !== 'archived' && (
          <IconButton
            aria-label={t('list.more', { name: p.name })}
            onClick={(e) => onMore(e.currentTarget, p)}
            data-testid="product-more"
          >
            <MoreVert fontSize="small" />
          </IconButton>
        )}
      </RowActions>
    )),
  ];
}
