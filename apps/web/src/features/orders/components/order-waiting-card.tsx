import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '@kopi/contract';
import { formatDateTime } from '../../../lib/formatters';
import { useOrderStrings } from '../i18n';
import { orderWaits, waitParts } from '../waiting';

function Step({
  label,
  at,
  wait,
  testId,
}: {
  label: string;
  at: string | null;
  wait: string | null;
  testId: string;
}) {
  const { t } = useOrderStrings();
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {at ? formatDateTime(at) : t('waiting.notYet')}
        {wait ? ` · ${wait}` : ''}
      </Typography>
    </Box>
  );
}

/**
 * Placed → ready → handed over (served at a table): when, and how long each step took; a ready
 * order a manager cleared as never collected says when, by whom and why.
 */
export function OrderWaitingCard({ order }: { order: Order }) {
  const { t } = useOrderStrings();
  const waits = orderWaits(order);
  const after = (total: number | null) =>
    total === null ? null : t('waiting.after', waitParts(total));
  const served = order.serving_method === 'dine_in';
  return (
    <Card>
      <CardHeader title={t('waiting.title')} />
      <CardContent>
        <Stack spacing={1.5}>
          <Step
            label={t('waiting.placed')}
            at={order.created_at}
            wait={null}
            testId="order-wait-placed"
          />
          <Step
            label={t('waiting.ready')}
            at={waits.readyAt}
            wait={after(waits.toReady)}
            testId="order-wait-ready"
          />
          <Step
            label={served ? t('waiting.served') : t('waiting.handedOver')}
            at={waits.handedOverAt}
            wait={after(waits.toHandedOver)}
            testId="order-wait-handed-over"
          />
          {order.handed_over_by && (
            <Typography variant="caption" color="text.secondary">
              {t('details.by', { name: order.handed_over_by })}
            </Typography>
          )}
          {order.not_collected_at && (
            <Box data-testid="order-wait-not-collected">
              <Step
                label={t('waiting.notCollected')}
                at={order.not_collected_at}
                wait={null}
                testId="order-wait-not-collected-at"
              />
              <Typography variant="caption" color="text.secondary">
                {t('waiting.notCollectedBy', {
                  name: order.not_collected_by ?? '?',
                  reason: order.not_collected_reason ?? '',
                })}
              </Typography>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
