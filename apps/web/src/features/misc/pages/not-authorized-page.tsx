import LockPerson from '@mui/icons-material/LockPerson';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { StatusPage } from '../components/status-page';

export function NotAuthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="403"
      testId="not-authorized-page"
      title={t('errorPages.notAuthorizedTitle')}
      message={t('errorPages.notAuthorizedMessage')}
      icon={<LockPerson />}
    />
  );
}
