import HourglassBottomOutlined from '@mui/icons-material/HourglassBottomOutlined';
import TakeoutDiningOutlined from '@mui/icons-material/TakeoutDiningOutlined';
import type { Dashboard } from '@kopi/contract';
import { useDashboardStrings } from '../i18n';
import { KpiPairSection } from './kpi-pair-section';

/** "6 min 30 s" from whole seconds; a dash when nothing was measured. */
export function useWaitText() {
  const { t } = useDashboardStrings();
  return (seconds: number | null) =>
    seconds === null
      ? '—'
      : t('waiting.duration', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

/**
 * Today's average waits for the day and outlet in view: placed → ready, and ready → handed over
 * (served at a table), each over the orders that reached that step.
 */
export function WaitingCards({ waiting }: { waiting: NonNullable<Dashboard['waiting_times']> }) {
  const { t } = useDashboardStrings();
  const wait = useWaitText();
  const cards = [
    {
      id: 'wait-to-ready',
      label: t('waiting.toReady'),
      icon: <HourglassBottomOutlined fontSize="small" />,
      value: wait(waiting.avg_to_ready_seconds),
      caption: t('waiting.over', { count: waiting.ready_orders }),
    },
    {
      id: 'wait-to-handed-over',
      label: t('waiting.toHandedOver'),
      icon: <TakeoutDiningOutlined fontSize="small" />,
      value: wait(waiting.avg_to_handed_over_seconds),
      caption: t('waiting.over', { count: waiting.handed_over_orders }),
    },
  ];
  return (
    <KpiPairSection label={t('waiting.title')} cards={cards.map((c) => ({ ...c, change: null }))} />
  );
}
