import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomerVoucher } from '@kopi/contract';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatDateTime } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { useCustomerStrings } from '../i18n';
import { TabTable } from './customer-tables';

// The details page's vouchers tab: every code issued to the customer, newest first, with the
// campaign or reward it came from and whether it is still available.

const statusColours: Record<CustomerVoucher['status'], NonNullable<ChipProps['color']>> = {
  available: 'success',
  redeemed: 'default',
  expired: 'warning',
};
const when = (at: string | null) => (
  <Box sx={{ whiteSpace: 'nowrap' }}>{at ? formatDateTime(at) : '—'}</Box>
);

export function CustomerVouchersTable({ customerId }: { customerId: string }) {
  const { t } = useCustomerStrings();
  const nameOf = useLocalizedName();
  const columns: DataTableColumn<CustomerVoucher>[] = [
    {
      id: 'code',
      header: t('vouchers.code'),
      cell: (v) => (
        <Box component="code" sx={{ fontWeight: 600 }} data-testid="customer-voucher-code">
          {v.code}
        </Box>
      ),
    },
    {
      id: 'voucher',
      header: t('vouchers.voucher'),
      cell: (v) => nameOf(v.voucher_name_en, v.voucher_name_my),
    },
    {
      id: 'source',
      header: t('vouchers.source'),
      cell: (v) => (
        <Stack spacing={0.25}>
          <Typography variant="body2">{t(`vouchers.sources.${v.source}`)}</Typography>
          {v.source_name_en && (
            <Typography variant="caption" color="text.secondary">
              {nameOf(v.source_name_en, v.source_name_my)}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      id: 'status',
      header: t('vouchers.status'),
      cell: (v) => (
        <Chip
          size="small"
          color={statusColours[v.status]}
          variant={v.status === 'available' ? 'filled' : 'outlined'}
          label={t(`vouchers.statuses.${v.status}`)}
          data-testid="customer-voucher-status"
        />
      ),
    },
    { id: 'issued', header: t('vouchers.issued'), cell: (v) => when(v.issued_at) },
    { id: 'redeemed', header: t('vouchers.redeemedAt'), cell: (v) => when(v.redeemed_at) },
    {
      id: 'valid_until',
      header: t('vouchers.validUntil'),
      cell: (v) => (v.valid_until ? when(v.valid_until) : t('vouchers.noEnd')),
    },
  ];
  return <TabTable<CustomerVoucher> customerId={customerId} tab="vouchers" columns={columns} />;
}
