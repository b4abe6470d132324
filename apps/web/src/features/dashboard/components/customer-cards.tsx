import Grid from '@mui/material/Grid';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import RepeatOutlined from '@mui/icons-material/RepeatOutlined';
import type { Dashboard } from '@kopi/contract';
import { KpiCard } from '../../../components/kpi-card';
import { formatCompactNumber } from '../../../lib/formatters';
import { percentChange } from '../../../lib/percent-change';
import { useDashboardStrings } from '../i18n';

/**
 * Customers of the day: who joined (the business's, whatever the outlet in view) and who came
 * back for another paid order, each against the same weekday last week by this time.
 */
export function CustomerCards({
  customers,
  compareDay,
}: {
  customers: NonNullable<Dashboard['customers']>;
  compareDay: string;
}) {
  const { t } = useDashboardStrings();
  const cards = [
    {
      id: 'new-customers',
      label: t('customers.new'),
      hint: t('customers.newHint'),
      icon: <PersonAddAltOutlined fontSize="small" />,
      now: customers.new,
      before: customers.compare_new,
    },
    {
      id: 'returning-customers',
      label: t('customers.returning'),
      hint: t('customers.returningHint'),
      icon: <RepeatOutlined fontSize="small" />,
      now: customers.returning,
      before: customers.compare_returning,
    },
  ];
  return (
    <Grid container spacing={2} component="section" aria-label={t('customers.title')}>
      {cards.map((c) => (
        <Grid key={c.id} size={{ xs: 12, sm: 6 }}>
          <KpiCard
            testId={`dashboard-kpi-${c.id}`}
            label={c.label}
            icon={c.icon}
            value={formatCompactNumber(c.now)}
            change={percentChange(c.now, c.before)}
            caption={
              <>
                {t('kpi.soFar', { day: compareDay, value: formatCompactNumber(c.before) })}
                <br />
                {c.hint}
              </>
            }
          />
        </Grid>
      ))}
    </Grid>
  );
}
