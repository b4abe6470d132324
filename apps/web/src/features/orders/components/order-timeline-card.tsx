import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Order, type PaymentMethod, paymentMethods, systemOrderReason } from '@kopi/contract';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { StatusLabel } from '../../../components/status-label';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { useOrderStrings } from '../i18n';

/** The system's own reasons in the screen's language; what a person wrote, as written. */
function useReasonText() {
  const { t } = useOrderStrings();
  const { t: tr } = useReceiptStrings();
  return (reason: string) => {
    const known = systemOrderReason(reason);
    if (!known) return reason;
    if (known.key === 'paidOnline') {
      const method = (paymentMethods as readonly string[]).includes(known.method)
        ? tr(`payment.${known.method as PaymentMethod}`)
        : known.method;
      return t('systemReason.paidOnline', { amount: formatMoney(known.amount), method });
    }
    if (known.key === 'cancelledByCustomer') {
      return known.note
        ? t('systemReason.cancelledByCustomerWith', { note: known.note })
        : t('systemReason.cancelledByCustomer');
    }
    return t(`systemReason.${known.key}`);
  };
}

/** The order's status changes, oldest first: who moved it, when, and why. */
export function OrderTimelineCard({ history }: { history: Order['history'] }) {
  const { t } = useOrderStrings();
  const reasonText = useReasonText();
  return (
    <Card>
      <CardHeader title={t('details.timeline')} />
      <CardContent>
        <Box component="ol" data-testid="order-timeline" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {history.map((h, i) => {
            const last = i === history.length - 1;
            return (
              <Box
                component="li"
                key={`${h.at}:${i}`}
                data-testid="order-timeline-entry"
                sx={{
                  position: 'relative',
                  pl: 3,
                  pb: last ? 0 : 2,
                  borderInlineStart: last ? 'none' : '2px solid',
                  borderColor: 'divider',
                  ml: '5px',
                  '&::before': {
                    content: '""',
                    position: 'absolute',
                    insetInlineStart: -7,
                    top: 4,
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                  },
                }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  {h.from ? (
                    <>
                      <StatusLabel status={h.from} />
                      <Box component="span">→</Box>
                      <StatusLabel status={h.to} />
                    </>
                  ) : (
                    <>
                      <Typography variant="body2">{t('details.placed')}</Typography>
                      <StatusLabel status={h.to} />
                    </>
                  )}
                </Stack>
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatDateTime(h.at)}
                  {h.by ? ` · ${t('details.by', { name: h.by })}` : ''}
                </Typography>
                {h.reason && (
                  <Typography variant="body2">
                    {t('details.reason', { reason: reasonText(h.reason) })}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
