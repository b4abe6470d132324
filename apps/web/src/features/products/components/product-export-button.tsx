import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ProductListQuery } from '@kopi/contract';
import { exportProducts } from '../api';
import { useProductStrings } from '../i18n';

/** Export the products the list's filters find (every page) as CSV or Excel. */
export function ProductExportButton({ query }: { query: ProductListQuery }) {
  const { t } = useProductStrings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const download = (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    const { page: _page, page_size: _size, ...rest } = query;
    void exportProducts(rest, format).catch(() => undefined);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="product-export"
      >
        {t('list.export')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => download('csv')} data-testid="product-export-csv">
          {t('list.exportCsv')}
        </MenuItem>
        <MenuItem onClick={() => download('xlsx')} data-testid="product-export-xlsx">
          {t('list.exportXlsx')}
        </MenuItem>
      </Menu>
    </>
  );
}
