import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Tenant } from '@kopi/contract';
import { useTenantStrings } from '../i18n';

export type TenantStatus = Tenant['status'];
const statusColor: Record<TenantStatus, ChipProps['color']> = {
  active: 'success',
  trial: 'info',
  suspended: 'error',
  pending_payment: 'warning',
};

export function TenantStatusLabel({ status }: { status: TenantStatus }) {
  const { t } = useTenantStrings();
  return (
    <Chip
      size="small"
      color={statusColor[status]}
      label={t(`status.${status}`)}
      data-testid="tenant-status"
      data-status={status}
    />
  );
}
