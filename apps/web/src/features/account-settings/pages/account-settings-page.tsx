import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import { AccountTab } from '../components/account-tab';
import { PreferencesTab } from '../components/preferences-tab';
import { SecurityTab } from '../components/security-tab';

export const accountTabs = ['account', 'security', 'preferences'] as const;
export type AccountTabId = (typeof accountTabs)[number];
const isTab = (value: string | undefined): value is AccountTabId =>
  (accountTabs as readonly string[]).includes(value ?? '');

const icons = {
  account: <PersonOutlined />,
  security: <LockOutlined />,
  preferences: <TuneOutlined />,
};

/** /account-settings/:tab — account, security, preferences. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  if (!isTab(tab)) return <Navigate to="/account-settings/account" replace />;

  return (
    <Stack spacing={3}>
      <Typography variant="h3" component="h1">
        {t('pages.accountSettings')}
      </Typography>
      <Tabs
        value={tab}
        aria-label={t('pages.accountSettings')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {accountTabs.map((id) => (
          <Tab
            key={id}
            value={id}
            label={t(`account.tabs.${id}`)}
            icon={icons[id]}
            iconPosition="start"
            component={RouterLink}
            to={`/account-settings/${id}`}
            id={`account-tab-${id}`}
            aria-controls={`account-panel-${id}`}
            data-testid={`account-tab-${id}`}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`account-panel-${tab}`} aria-labelledby={`account-tab-${tab}`}>
        {tab === 'account' && <AccountTab />}
        {tab === 'security' && <SecurityTab />}
        {tab === 'preferences' && <PreferencesTab />}
      </div>
    </Stack>
  );
}
