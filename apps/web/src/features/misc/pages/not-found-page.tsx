import LocalCafe from '@mui/icons-material/LocalCafe';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { StatusPage } from '../components/status-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="404"
      testId="not-found-page"
      title={t('errorPages.notFoundTitle')}
      message={t('errorPages.notFoundMessage')}
      icon={<LocalCafe />}
    />
  );
}
