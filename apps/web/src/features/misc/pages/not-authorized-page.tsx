import LockPerson from '@mui/icons-material/LockPerson';
import { StatusPage } from '../components/status-page';

export function NotAuthorizedPage() {
  return (
    <StatusPage
      kind="notAuthorized"
      code="403"
      testId="not-authorized-page"
      icon={<LockPerson />}
    />
  );
}
