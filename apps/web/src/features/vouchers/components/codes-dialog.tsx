import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import type { Voucher } from '@kopi/contract';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { pagedTableProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { useTableFilters } from '../../../components/data-table/use-table-filters';
import { ExportButton } from '../../../components/list-page/export-button';
import { FilterSelect } from '../../../components/list-page/filter-select';
import { formatDateTime } from '../../../lib/formatters';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { downloadCodes, useVoucherCodes, type VoucherCode } from '../api';
import { useVoucherStrings } from '../i18n';
import { CodeGenerator } from './code-generator';
import { CodeSheet } from './code-sheet';

/**
 * A unique-code voucher's codes: generate more (with progress), the list of codes made (search,
 * paging, redeemed or not, issued to a customer or not), a CSV of them all, and a printable sheet
 * of the page shown.
 */
export function CodesDialog({
  voucher,
  timeZone,
  mayGenerate,
  onClose,
}: {
  voucher: Voucher;
  timeZone: string;
  mayGenerate: boolean;
  onClose: () => void;
}) {
  const { t } = useVoucherStrings();
  const { t: shellT, i18n } = useTranslation();
  const table = useTableState({ pageSize: 20 });
  const { filters, setFilter } = useTableFilters(table, { redeemed: '' as '' | 'true' | 'false' });
  const codes = useVoucherCodes(voucher.id, {
    page: table.query.page,
    page_size: table.query.page_size,
    q: table.query.q,
    redeemed: filters.redeemed || undefined,
  });
  const [downloading, setDownloading] = useState(false);
  const [printing, setPrinting] = useState(false);
  const rows = codes.data?.rows ?? [];

  const columns: DataTableColumn<VoucherCode>[] = [
    {
      id: 'code',
      header: t('codes.code'),
      cell: (c) => (
        <Box component="code" sx={{ fontWeight: 600 }} data-testid="voucher-code">
          {c.code}
        </Box>
      ),
    },
    {
      id: 'redeemed',
      header: t('codes.redeemed'),
      cell: (c) =>
        c.redeemed_at ? formatDateTime(c.redeemed_at, { timeZone }) : t('codes.notRedeemed'),
    },
    {
      id: 'issued',
      header: t('codes.issued'),
      cell: (c) => (c.customer_id ? t('codes.toCustomer') : t('codes.notIssued')),
    },
  ];

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCodes(voucher.id, i18n.language);
    } catch {
      // The HTTP client says why.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="voucher-codes-dialog">
      <DialogTitle>{t('codes.title', { name: voucher.name_en })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CodeGenerator voucherId={voucher.id} mayGenerate={mayGenerate} />
          <DataTable<VoucherCode>
            {...pagedTableProps(table, codes)}
            label={t('codes.table')}
            testId="voucher-codes-table"
            searchLabel={t('codes.search')}
            columns={columns}
            rowKey={(c) => c.id}
            emptyMessage={filters.redeemed ? t('codes.emptyFiltered') : t('codes.empty')}
            filters={
              <FilterSelect
                label={t('codes.filterRedeemed')}
                value={filters.redeemed}
                onChange={(next) => setFilter('redeemed', next as '' | 'true' | 'false')}
                anyLabel={t('codes.any')}
                options={[
                  { value: 'true', label: t('codes.redeemedOnly') },
                  { value: 'false', label: t('codes.notRedeemedOnly') },
                ]}
                minWidth={150}
                testId="voucher-codes-filter-redeemed"
              />
            }
            actions={
              <Stack direction="row" spacing={1}>
                <ExportButton
                  label={t('codes.download')}
                  onClick={() => void download()}
                  loading={downloading}
                  testId="voucher-codes-download"
                />
                <Button
                  variant="outlined"
                  startIcon={<PrintOutlined />}
                  disabled={rows.length === 0}
                  onClick={() => setPrinting(true)}
                  data-testid="voucher-codes-print"
                >
                  {t('codes.print')}
                </Button>
              </Stack>
            }
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{shellT('common.close')}</Button>
      </DialogActions>
      {printing && (
        <CodeSheet
          voucher={voucher}
          codes={rows}
          timeZone={timeZone}
          onClose={() => setPrinting(false)}
        />
      )}
    </Dialog>
  );
}
