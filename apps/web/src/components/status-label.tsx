import Chip, { type ChipProps } from '@mui/material/Chip';
import { type RecordStatus, recordStatuses } from '@kopi/contract';
import { useTranslation } from '../lib/i18n/use-translation';

// SPEC §4 record statuses (the contract's list) and their colours; an unknown status looks like
// CREATED.

type ChipColor = NonNullable<ChipProps['color']>;

export const statusColors: Record<RecordStatus, ChipColor> = {
  CREATED: 'default',
  PENDING: 'warning',
  APPROVED: 'info',
  'WAITING TRANSFER': 'secondary',
  TRANSFERED: 'primary',
  REJECTED: 'error',
  COMPLETED: 'success',
  CLOSED: 'default',
};

const isRecordStatus = (value: string): value is RecordStatus =>
  (recordStatuses as readonly string[]).includes(value);

/** Normalises "waiting_transfer" / "Waiting Transfer" to the spec's spelling. */
export function normaliseStatus(status: string | null | undefined): string {
  return (status ?? '').trim().toUpperCase().replace(/[_-]+/g, ' ');
}

export function statusColor(status: string | null | undefined): ChipColor {
  const normalised = normaliseStatus(status);
  return isRecordStatus(normalised) ? statusColors[normalised] : statusColors.CREATED;
}

export function StatusLabel({
  status,
  size = 'small',
}: {
  status: string | null | undefined;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  const normalised = normaliseStatus(status);
  const label = isRecordStatus(normalised)
    ? t(`recordStatus.${normalised.replace(' ', '_') as 'WAITING_TRANSFER'}`)
    : normalised || t('recordStatus.CREATED');
  return (
    <Chip
      label={label}
      color={statusColor(status)}
      size={size}
      variant={normalised === 'CLOSED' ? 'outlined' : 'filled'}
      data-status={isRecordStatus(normalised) ? normalised : 'CREATED'}
    />
  );
}

/** SPEC §4: Active/Disabled and Enabled/Disabled flags as success/error labels. */
export function FlagLabel({
  on,
  kind = 'active',
  size = 'small',
}: {
  on: boolean;
  kind?: 'active' | 'enabled';
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  const label = on
    ? t(kind === 'active' ? 'recordStatus.active' : 'recordStatus.enabled')
    : t('recordStatus.disabled');
  return (
    <Chip
      label={label}
      color={on ? 'success' : 'error'}
      size={size}
      data-flag={on ? 'on' : 'off'}
    />
  );
}
