import LocalCafe from '@mui/icons-material/LocalCafe';
import { StatusPage } from '../components/status-page';

export function NotFoundPage() {
  return <StatusPage kind="notFound" code="404" testId="not-found-page" icon={<LocalCafe />} />;
}
