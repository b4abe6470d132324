import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Logout from '@mui/icons-material/Logout';
import { useTenantStrings } from '../i18n';

/** Whether the superadmin works platform-wide or inside a tenant, with the way back out. */
export function TenantContextAlert({
  actingName,
  acting,
  switching,
  onLeave,
}: {
  actingName: string | null;
  acting: boolean;
  switching: boolean;
  onLeave: () => void;
}) {
  const { t } = useTenantStrings();
  return (
    <Alert
      severity={acting ? 'warning' : 'info'}
      data-testid="tenant-context"
      action={
        acting && (
          <Button
            color="inherit"
            size="small"
            startIcon={<Logout />}
            loading={switching}
            onClick={onLeave}
            data-testid="tenant-leave"
          >
            {t('context.leave')}
          </Button>
        )
      }
    >
      {acting ? t('context.inside', { name: actingName ?? '' }) : t('context.platform')}
    </Alert>
  );
}
