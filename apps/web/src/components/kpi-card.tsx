import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Remove from '@mui/icons-material/Remove';
import { useKpiStrings } from './kpi-card-i18n';
import { intlLocale } from '../lib/i18n/i18n';
import { formatPercentChange, type Change } from '../lib/percent-change';

// One headline figure with how it moved against the compared period (report and dashboard).

export interface KpiCardProps {
  label: string;
  value: string;
  /** Null: nothing to compare with (no compared period). */
  change: Change | null;
  /** What it is compared with ("vs RM 120.00, 2026/03/01 – 2026/03/07"). */
  caption?: ReactNode;
  /** A rise is bad news (refunds): down is shown green, up red. */
  invert?: boolean;
  icon?: ReactNode;
  loading?: boolean;
  testId?: string;
}

export function KpiCard({
  label,
  value,
  change,
  caption,
  invert = false,
  icon,
  loading = false,
  testId,
}: KpiCardProps) {
  const { t, language } = useKpiStrings();
  const good = change && change.direction !== 'flat' && (change.direction === 'up') !== invert;
  const color =
    !change || change.direction === 'flat'
      ? 'text.secondary'
      : good
        ? 'success.main'
        : 'error.main';
  const Arrow =
    change?.direction === 'up'
      ? ArrowUpward
      : change?.direction === 'down'
        ? ArrowDownward
        : Remove;
  const percent =
    change && change.percent !== null
      ? formatPercentChange(change.percent, intlLocale(language))
      : null;
  const changeText = !change ? null : change.percent === null ? t('new') : percent;
  const changeLabel = !change
    ? undefined
    : change.percent === null
      ? t('newHint')
      : change.direction === 'flat'
        ? t('flat')
        : t(change.direction, { value: percent });

  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {icon && (
            <Box
              sx={{
                width: 36,
                height: 36,
                borderRadius: 1.5,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                flexShrink: 0,
                '@media print': { display: 'none' },
              }}
              aria-hidden
            >
              {icon}
            </Box>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
        </Stack>
        {loading ? (
          <Skeleton variant="text" width="60%" sx={{ fontSize: '1.75rem' }} />
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography
              variant="h4"
              component="p"
              sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              data-testid={testId ? `${testId}-value` : undefined}
            >
              {value}
            </Typography>
            {changeText && (
              <Box
                component="span"
                title={changeLabel}
                aria-label={changeLabel}
                data-testid={testId ? `${testId}-change` : undefined}
                data-direction={change?.direction}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.25,
                  color,
                  fontWeight: 600,
                  fontSize: '0.875rem',
                  whiteSpace: 'nowrap',
                }}
              >
                <Arrow sx={{ fontSize: '1rem' }} aria-hidden />
                {changeText}
              </Box>
            )}
          </Stack>
        )}
        {caption && (
          <Typography variant="caption" color="text.secondary" sx={{ mt: 'auto' }}>
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
