import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { businessToday, useBusinessClock } from '../../../lib/business-clock';
import { useCan } from '../../../lib/can-context';
import { useSessionUser } from '../../../lib/session/session-store';
import { useOutletChoices } from '../api';
import { DailyUsageView } from '../components/daily-usage-view';
import { LatestUsageView } from '../components/latest-usage-view';
import { OngoingCampaignsView } from '../components/ongoing-campaigns-view';
import { useVoucherUsageStrings } from '../i18n';
import { lastSevenDays } from '../usage-format';

/** A tab another feature adds to the page (the app layer composes them). */
export interface CampaignPageTab {
  id: string;
  label: string;
  render: () => ReactNode;
}

const usageViews = ['daily', 'latest', 'ongoing'] as const;

/**
 * /voucher-campaign (read voucher-campaign): SPEC §2's usage sub-views as tabs, the view in the
 * URL (?view=), and any tabs the app adds after them (`extraTabs`).
 */
export function VoucherCampaignPage({ extraTabs = [] }: { extraTabs?: CampaignPageTab[] }) {
  const { t } = useVoucherUsageStrings();
  const clock = useBusinessClock();
  const can = useCan();
  const user = useSessionUser();
  const [search, setSearch] = useSearchParams();
  // Bound staff see only their outlet (the server keeps them to it): nothing to choose.
  const choosable = !user?.id_outlet && can('read', 'outlet');
  const outlets = useOutletChoices(choosable).data ?? [];

  const tabs: CampaignPageTab[] = [
    {
      id: 'daily',
      label: t('tabs.daily'),
      render: () => (
        <DailyUsageView initialRange={lastSevenDays(businessToday(clock))} outlets={outlets} />
      ),
    },
    {
      id: 'latest',
      label: t('tabs.latest'),
      render: () => <LatestUsageView outlets={outlets} timeZone={clock.timeZone} />,
    },
    {
      id: 'ongoing',
      label: t('tabs.ongoing'),
      render: () => <OngoingCampaignsView timeZone={clock.timeZone} />,
    },
    ...extraTabs,
  ];
  const asked = search.get('view');
  const view = tabs.find((tab) => tab.id === asked) ?? tabs[0]!;
  const panelId = 'voucher-campaign-panel';
  const tabId = (id: string) => `voucher-campaign-tab-${id}`;

  return (
    <Stack spacing={3} data-testid="voucher-campaign-page">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Card>
        <Tabs
          value={view.id}
          onChange={(_, id: string) => setSearch(id === usageViews[0] ? {} : { view: id })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('page.tabs')}
          sx={{ px: 1 }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.id}
              value={tab.id}
              label={tab.label}
              id={tabId(tab.id)}
              aria-controls={panelId}
              data-testid={tabId(tab.id)}
              sx={{ textTransform: 'none' }}
            />
          ))}
        </Tabs>
        <Divider />
        <CardContent role="tabpanel" id={panelId} aria-labelledby={tabId(view.id)}>
          {view.render()}
        </CardContent>
      </Card>
    </Stack>
  );
}
