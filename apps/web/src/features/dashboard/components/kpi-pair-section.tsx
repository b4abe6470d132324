import Grid from '@mui/material/Grid';
import { KpiCard, type KpiCardProps } from '../../../components/kpi-card';

/**
 * A section of the dashboard's KPI cards two to a row from sm up (the customers, the waits), named
 * by `label`; each card's test id is `dashboard-kpi-<id>`.
 */
export function KpiPairSection({
  label,
  cards,
}: {
  label: string;
  cards: (Omit<KpiCardProps, 'testId'> & { id: string })[];
}) {
  return (
    <Grid container spacing={2} component="section" aria-label={label}>
      {cards.map(({ id, ...card }) => (
        <Grid key={id} size={{ xs: 12, sm: 6 }}>
          <KpiCard testId={`dashboard-kpi-${id}`} {...card} />
        </Grid>
      ))}
    </Grid>
  );
}
