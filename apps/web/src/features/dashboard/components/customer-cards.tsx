import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import RepeatOutlined from '@mui/icons-material/RepeatOutlined';
import type { Dashboard } from '@kopi/contract';
import { formatCompactNumber } from '../../../lib/formatters';
import { percentChange } from '../../../lib/percent-change';
import { useDashboardStrings } from '../i18n';
import { KpiPairSection } from './kpi-pair-section';

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
    <KpiPairSection
      label={t('customers.title')}
      cards={cards.map((c) => ({
        id: c.id,
        label: c.label,
        icon: c.icon,
        value: formatCompactNumber(c.now),
        change: percentChange(c.now, c.before),
        caption: (
          <>
            {t('kpi.soFar', { day: compareDay, value: formatCompactNumber(c.before) })}
            <br />
            {c.hint}
          </>
        ),
      }))}
    />
  );
}
