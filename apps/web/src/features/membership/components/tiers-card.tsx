import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { MembershipTier } from '@kopi/contract';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { RowAction, RowActions, EditAction } from '../../../components/list-page/row-actions';
import { SectionCard } from '../../../components/section-card';
import { formatMoney } from '../../../lib/formatters';
import { useMembershipStrings } from '../i18n';
import { multiplierText } from '../loyalty-values';
import { SimpleTable } from '../../../components/data-table/simple-table';

type TierBasis = 'points' | 'spend';

/** A tier's name on its own colour, as the customer app shows it. */
export function TierChip({ tier, name }: { tier: Pick<MembershipTier, 'colour'>; name: string }) {
  return (
    <Chip
      label={name}
      size="small"
      sx={(theme) => ({
        bgcolor: tier.colour,
        color: theme.palette.getContrastText(tier.colour),
        fontWeight: 600,
      })}
    />
  );
}

/** The tiers from the lowest threshold up, with how many customers hold each. */
export function TiersCard({
  tiers,
  basis,
  loading,
  failed,
  onRetry,
  mayCreate,
  mayUpdate,
  mayDelete,
  onAdd,
  onEdit,
  onDelete,
}: {
  tiers: MembershipTier[];
  basis: TierBasis;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  mayCreate: boolean;
  mayUpdate: boolean;
  mayDelete: boolean;
  onAdd: () => void;
  onEdit: (tier: MembershipTier) => void;
  onDelete: (tier: MembershipTier) => void;
}) {
  const { t, language } = useMembershipStrings();
  const nameOf = (tier: MembershipTier) => (language === 'my' ? tier.name_my : tier.name_en);
  const threshold = (tier: MembershipTier) =>
    basis === 'spend'
      ? t('tiers.spendThreshold', { amount: formatMoney(tier.threshold) })
      : t('tiers.pointsThreshold', {
          count: tier.threshold,
          points: tier.threshold.toLocaleString('en-MY'),
        });
  const sorted = [...tiers].sort((a, b) => a.threshold - b.threshold);
  const span = 6;

  let body;
  if (loading) {
    body = Array.from({ length: 3 }, (_, i) => (
      <TableRow key={i}>
        <TableCell colSpan={span}>
          <Skeleton variant="text" />
        </TableCell>
      </TableRow>
    ));
  } else if (failed) {
    body = (
      <TableRow>
        <TableCell colSpan={span}>
          <RetryAlert onRetry={onRetry}>{t('tiers.error')}</RetryAlert>
        </TableCell>
      </TableRow>
    );
  } else if (sorted.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={span}>
          <EmptyState message={t('tiers.empty')} testId="tiers-empty" />
        </TableCell>
      </TableRow>
    );
  } else {
    body = sorted.map((tier) => {
      const name = nameOf(tier);
      const benefits = language === 'my' ? tier.benefits_my : tier.benefits_en;
      return (
        <TableRow key={tier.id} hover data-testid="tier-row" data-id={tier.id}>
          <TableCell>
            <TierChip tier={tier} name={tier.name_en} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {tier.name_my}
            </Typography>
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{threshold(tier)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            {t('tiers.multiplierValue', { value: multiplierText(tier.points_per_rm) })}
          </TableCell>
          <TableCell align="right" data-testid="tier-members">
            {tier.members.toLocaleString('en-MY')}
          </TableCell>
          <TableCell sx={{ maxWidth: 320 }}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {benefits || '—'}
            </Typography>
          </TableCell>
          <TableCell align="right">
            <RowActions>
              {mayUpdate && (
                <EditAction label={t('tiers.edit', { name })} onClick={() => onEdit(tier)} />
              )}
              {mayDelete && (
                <RowAction
                  label={t('tiers.delete', { name })}
                  icon={<DeleteOutline fontSize="small" />}
                  onClick={() => onDelete(tier)}
                />
              )}
            </RowActions>
          </TableCell>
        </TableRow>
      );
    });
  }

  return (
    <SectionCard
      id="tiers-title"
      title={t('tiers.title')}
      subheader={basis === 'spend' ? t('tiers.basisSpend') : t('tiers.basisPoints')}
      action={
        mayCreate && (
          <Button variant="contained" startIcon={<Add />} onClick={onAdd} data-testid="tier-add">
            {t('tiers.add')}
          </Button>
        )
      }
    >
      <SimpleTable
        aria-labelledby="tiers-title"
        data-testid="tiers-table"
        cells={[
          t('tiers.name'),
          t('tiers.threshold'),
          t('tiers.multiplier'),
          { label: t('tiers.members'), align: 'right' },
          t('tiers.benefits'),
          { label: t('tiers.actions'), align: 'right' },
        ]}
      >
        {body}
      </SimpleTable>
    </SectionCard>
  );
}
