import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import type { ProductListItem, ProductListQuery } from '@kopi/contract';
import { DataTable } from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { ListPage } from '../../../components/list-page/list-page';
import { useCrudAbilities } from '../../../lib/can-context';
import { useSessionUser } from '../../../lib/session/session-store';
import { importProducts, useInvalidateProducts, useOutletChoices, useProducts } from '../api';
import { ImportDialog } from '../components/import-dialog';
import { useProductColumns } from '../components/product-columns';
import { ProductExportButton } from '../components/product-export-button';
import { noProductFilters, ProductFilterBar } from '../components/product-filter-bar';
import { ProductRowMenu } from '../components/product-row-menu';
import { SoldOutMenu } from '../components/sold-out-menu';
import { useProductBulk } from '../components/use-product-bulk';
import { useProductRemoval } from '../components/use-product-removal';
import { useProductStrings } from '../i18n';

/** /product/list (read list-product). */
export function ProductListPage() {
  const { t } = useProductStrings();
  const { can, mayCreate, mayUpdate, mayDelete } = useCrudAbilities('list-product', {
    update: 'add-product',
  });
  const maySoldOut = can('toggle', 'sold-out');
  const boundOutletId = useSessionUser()?.id_outlet ?? null;
  const table = useTableState();
  const { filters, setFilter, clear } = useTableFilters(table, noProductFilters);
  const [rowMenu, setRowMenu] = useState<{ anchor: HTMLElement; product: ProductListItem } | null>(
    null,
  );
  const [soldOutMenu, setSoldOutMenu] = useState<{
    anchor: HTMLElement;
    product: ProductListItem;
  } | null>(null);
  const [importing, setImporting] = useState(false);
  const outlets = useOutletChoices();
  const invalidate = useInvalidateProducts();

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
  const bulk = useProductBulk(query, invalidate);
  const removal = useProductRemoval(invalidate);
  const columns = useProductColumns({
    mayUpdate,
    mayDelete,
    outletCount: (outlets.data ?? []).filter((o) => o.status === 'active').length,
    onMore: (anchor, product) => setRowMenu({ anchor, product }),
    onSoldOut: maySoldOut ? (anchor, product) => setSoldOutMenu({ anchor, product }) : undefined,
  });

  return (
    <ListPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <>
          <ProductExportButton query={query} />
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
        </>
      }
      add={mayCreate && { label: t('list.add'), to: '/product/add', testId: 'product-add' }}
    >
      <Card>
        {bulk.bar}
        <DataTable<ProductListItem>
          {...pagedTableProps(table, products)}
          label={t('list.table')}
          testId="products-table"
          columns={columns}
          rowKey={(p) => p.id}
          filters={<ProductFilterBar filters={filters} onChange={setFilter} onClear={clear} />}
          emptyMessage={t('list.empty')}
          selection={mayUpdate ? bulk.tableSelection : undefined}
        />
      </Card>
      <ProductRowMenu
        open={rowMenu}
        onClose={() => setRowMenu(null)}
        onArchive={removal.askArchive}
        onDelete={(product) => void removal.askDelete(product)}
      />
      <SoldOutMenu
        open={soldOutMenu}
        onClose={() => setSoldOutMenu(null)}
        onChanged={() => void invalidate()}
        boundOutletId={boundOutletId}
      />
      {bulk.dialog}
      {removal.dialog}
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void invalidate()}
        runImport={importProducts}
      />
    </ListPage>
  );
}
