import { useTenantStrings } from '../i18n';
import { OneTimeSecretDialog } from '../../../components/one-time-secret';

/** A generated first password, for the superadmin to hand over. */
export interface GeneratedPassword {
  name: string;
  password: string;
}

/**
 * The temporary password the server generated for a new tenant's first admin: shown this once
 * (the server keeps only its hash), to be given to them in person.
 */
export function FirstAdminPasswordDialog({
  generated,
  onClose,
}: {
  generated: GeneratedPassword | null;
  onClose: () => void;
}) {
  const { t } = useTenantStrings();
  const name = generated?.name ?? '';
  return (
    <OneTimeSecretDialog
      name="first-admin-password"
      open={Boolean(generated)}
      onClose={onClose}
      title={t('firstAdmin.resultTitle', { name })}
      message={t('firstAdmin.resultMessage', { name })}
      secret={generated?.password}
      secretTestId="first-admin-password"
      doneLabel={t('firstAdmin.done')}
    />
  );
}
