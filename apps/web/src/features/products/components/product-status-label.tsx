import Chip from '@mui/material/Chip';
import type { Product } from '@kopi/contract';
import { FlagLabel } from '../../../components/status-label';
import { useProductStrings } from '../i18n';

/** Active/Disabled as the shell's success/error flags (SPEC §4); archived as a quiet label. */
export function ProductStatusLabel({ status }: { status: Product['status'] }) {
  const { t } = useProductStrings();
  if (status === 'archived')
    return (
      <Chip size="small" variant="outlined" label={t('status.archived')} data-flag="archived" />
    );
  return <FlagLabel on={status === 'active'} />;
}
