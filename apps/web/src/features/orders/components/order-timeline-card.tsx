import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Order } from '@kopi/contract';
import { useReasonText } from '../../../components/coded-reason/use-reason-text';
import { StatusLabel } from '../../../components/status-label';
import { formatDateTime } from '../../../lib/formatters';
import { useOrderStrings } from '../i18n';

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
            const reason = reasonText(h);
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
                {reason && (
                  <Typography variant="body2">{t('details.reason', { reason })}</Typography>
                )}
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
