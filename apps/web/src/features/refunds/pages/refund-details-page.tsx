import { DetailsLoader } from '../../../components/details-loader';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { DetailsColumns, DetailsHeader, PrintButton } from '../../../components/details-layout';
import type { Refund } from '@kopi/contract';
import { useParams } from 'react-router';
import { StatusLabel } from '../../../components/status-label';
import { formatDateTime } from '../../../lib/formatters';
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
import { hasSlip } from '../refund-actions';
import { useLiveRefresh } from '../../../lib/live/live-refresh';
import { liveSocket, onLiveOrderEvent } from '../../../lib/session/session-runtime';

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

  return (
    <DetailsLoader query={refund} name="refund" listPath="/refund/list" t={t}>
      {(record) => <RefundDetails refund={record} onRefresh={() => refund.refetch()} />}
    </DetailsLoader>
  );
}

function RefundDetails({ refund, onRefresh }: { refund: Refund; onRefresh: () => unknown }) {
  const { t } = useRefundStrings();
  const [printing, setPrinting] = useState(false);

  return (
    <Stack spacing={3} data-testid="refund-details">
      <DetailsHeader
        listPath="/refund/list"
        backLabel={t('details.back')}
        title={
          <>
            <span>{t('details.title', { number: refund.refund_no })}</span>
            <Box component="span" data-testid="refund-status" data-status={refund.status}>
              <StatusLabel status={refund.status} size="medium" />
            </Box>
          </>
        }
        subtitle={`${refund.outlet_name} · ${formatDateTime(refund.created_at)}`}
        actions={
          <>
            <RefundStatusActions refund={refund} onSettled={onRefresh} />
            {hasSlip(refund) && (
              <PrintButton
                label={t('details.print')}
                onClick={() => setPrinting(true)}
                testId="refund-print-slip"
              />
            )}
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
