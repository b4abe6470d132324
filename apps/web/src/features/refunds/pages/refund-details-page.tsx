import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { DetailsColumns, PrintButton } from '../../../components/details-layout';
import SearchOff from '@mui/icons-material/SearchOff';
import type { Refund } from '@kopi/contract';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusLabel } from '../../../components/status-label';
import { formatDateTime } from '../../../lib/formatters';
import { HttpError } from '../../../lib/http/http-client';
import { useRefund } from '../api';
import {
  RefundBankCard,
  RefundFactsCard,
  RefundItemsCard,
  RefundOrderCard,
  RefundTimelineCard,
} from '../components/refund-cards';
import { RefundSlipDialog } from '../components/refund-slip-dialog';
import { RefundStatusActions } from '../components/refund-status-actions';
import { useRefundStrings } from '../i18n';
import { useLiveRefresh } from '../../../lib/live/live-refresh';
import { liveSocket, onLiveOrderEvent } from '../../../lib/session/session-runtime';

function NotFound() {
  const { t } = useRefundStrings();
  return (
    <Card data-testid="refund-not-found">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
          <SearchOff sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden="true" />
          <Typography variant="h5" component="h1">
            {t('details.notFoundTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
            {t('details.notFoundText')}
          </Typography>
          <Button component={RouterLink} to="/refund/list" variant="contained">
            {t('details.back')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /refund/details/:id (read order). */
export function RefundDetailsPage() {
  const { id } = useParams();
  const { t } = useRefundStrings();
  const refund = useRefund(id);
  // Another desk (or the payment provider) moving this refund shows here at once.
  const refetch = refund.refetch;
  useLiveRefresh({
    refresh: () => refetch(),
    accepts: (event) => event.type === 'refund.status' && event.message.id_refund === id,
    subscribe: onLiveOrderEvent,
    status: liveSocket.status,
    resyncs: liveSocket.resyncs,
  });

  if (refund.error) {
    const status = refund.error instanceof HttpError ? refund.error.status : 0;
    // A malformed id (400) is as missing as an unknown one.
    if (status === 404 || status === 400) return <NotFound />;
    return <RetryAlert onRetry={() => void refund.refetch()}>{t('details.loadError')}</RetryAlert>;
  }
  if (!refund.data) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  return <RefundDetails refund={refund.data} onRefresh={() => refund.refetch()} />;
}

function RefundDetails({ refund, onRefresh }: { refund: Refund; onRefresh: () => unknown }) {
  const { t } = useRefundStrings();
  const [printing, setPrinting] = useState(false);
  // The list's filters travel with the link, so "Back to refunds" shows the same list.
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';

  return (
    <Stack spacing={3} data-testid="refund-details">
      <Box>
        <Button
          component={RouterLink}
          to={`/refund/list${listSearch}`}
          startIcon={<ArrowBack />}
          color="inherit"
          size="small"
        >
          {t('details.back')}
        </Button>
      </Box>
      <PageHeader
        title={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{t('details.title', { number: refund.refund_no })}</span>
            <Box component="span" data-testid="refund-status" data-status={refund.status}>
              <StatusLabel status={refund.status} size="medium" />
            </Box>
          </Stack>
        }
        subtitle={`${refund.outlet_name} · ${formatDateTime(refund.created_at)}`}
        actions={
          <>
            <RefundStatusActions refund={refund} onSettled={onRefresh} />
            <PrintButton
              label={t('details.print')}
              onClick={() => setPrinting(true)}
              testId="refund-print-slip"
            />
          </>
        }
      />
      <DetailsColumns
        main={
          <>
            <RefundItemsCard refund={refund} />
            <RefundBankCard refund={refund} />
            <RefundTimelineCard history={refund.history} />
          </>
        }
        side={
          <>
            <RefundFactsCard refund={refund} />
            <RefundOrderCard refund={refund} />
          </>
        }
      />
      <RefundSlipDialog refund={refund} open={printing} onClose={() => setPrinting(false)} />
    </Stack>
  );
}
