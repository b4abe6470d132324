import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { TextLink } from '../../../components/text-link';
import { useTranslation } from '../../../lib/i18n/use-translation';

/** A sign-in page's main button: submits its form, busy while the request runs. */
export function AuthSubmit({
  busy,
  testId,
  children,
}: {
  busy: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      loading={busy}
      fullWidth
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** "Back to sign in", centred under a sign-in page's form. */
export function BackToLogin({ to = '/login', onClick }: { to?: string; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <TextLink to={to} onClick={onClick} align="center">
      {t('common.backToLogin')}
    </TextLink>
  );
}
