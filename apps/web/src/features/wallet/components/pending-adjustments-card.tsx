import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { WalletAdjustment } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { cardTitle } from '../../../components/card-title';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  DataTable,
  type DataTableColumn,
  actionsColumn,
} from '../../../components/data-table/data-table';
import { listQueryProps, pagingProps } from '../../../components/data-table/paged-table-props';
import { useTableState } from '../../../components/data-table/table-state';
import { signedAmount } from '../../../components/wallet-ledger/wallet-entry-columns';
import { useCan } from '../../../lib/can-context';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { toast } from '../../../lib/toasts';
import { decideAdjustment, usePendingAdjustments, useRefreshWallet } from '../api';
import { useWalletStrings } from '../i18n';
import { errorText } from '../../../lib/form-errors';

type Decision = 'approve' | 'reject';
type Asking = { adjustment: WalletAdjustment; decision: Decision } | null;

const decisions: Decision[] = ['approve', 'reject'];
/** Approve stands out; reject is outlined in red. */
const decisionLooks = {
  approve: { variant: 'contained' },
  reject: { variant: 'outlined', color: 'error' },
} as const;

/**
 * Adjustments over the limit, each waiting for a second staff member (adjust-wallet). The
 * requester is offered no decision on their own (can_decide); should one slip through, the
 * server refuses and its reason shows above the list.
 */
export function PendingAdjustmentsCard() {
  const { t } = useWalletStrings();
  const can = useCan();
  const mayDecide = can('adjust', 'wallet');
  const mayOpenCustomer = can('read', 'customer');
  const table = useTableState();
  const adjustments = usePendingAdjustments({ page: table.page, page_size: table.pageSize });
  const refresh = useRefreshWallet();
  const [asking, setAsking] = useState<Asking>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const decide = async () => {
    if (!asking) return;
    const { adjustment, decision } = asking;
    const words = { amount: formatMoney(adjustment.amount), name: adjustment.customer_name };
    setRefusal(null);
    try {
      await decideAdjustment(adjustment.id, decision);
      toast.success(t(decision === 'approve' ? 'pending.approved' : 'pending.rejected', words));
    } catch (error) {
      setRefusal(errorText(error));
    }
    setAsking(null);
    await refresh();
  };

  const columns: DataTableColumn<WalletAdjustment>[] = [
    {
      id: 'created',
      header: t('pending.requested'),
      cell: (a) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.created_at)}</Box>,
    },
    {
      id: 'customer',
      header: t('pending.customer'),
      cell: (a) =>
        mayOpenCustomer ? (
          <Link component={RouterLink} to={`/customer/details/${a.customer_id}`} underline="hover">
            {a.customer_name}
          </Link>
        ) : (
          a.customer_name
        ),
    },
    {
      id: 'amount',
      header: t('pending.amount'),
      align: 'right',
      cell: (a) => (
        <Box
          sx={{
            fontVariantNumeric: 'tabular-nums',
            color: a.amount < 0 ? 'error.main' : 'success.main',
          }}
        >
          {signedAmount(a.amount)}
        </Box>
      ),
    },
    { id: 'reason', header: t('pending.reason'), cell: (a) => a.reason },
    { id: 'requested_by', header: t('pending.requestedBy'), cell: (a) => a.requested_by },
    ...(mayDecide
      ? [
          actionsColumn<WalletAdjustment>(t('pending.actions'), (a) =>
            a.status === 'pending' && !a.can_decide ? (
              t('pending.needsAnother')
            ) : a.status === 'pending' ? (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                {decisions.map((decision) => (
                  <Button
                    key={decision}
                    size="small"
                    {...decisionLooks[decision]}
                    onClick={() => setAsking({ adjustment: a, decision })}
                    data-testid={`adjustment-${decision}-${a.id}`}
                  >
                    {t(`pending.${decision}`)}
                  </Button>
                ))}
              </Stack>
            ) : (
              t(`pending.statuses.${a.status}`)
            ),
          ),
        ]
      : []),
  ];

  const amount = asking ? formatMoney(asking.adjustment.amount) : '';
  const name = asking?.adjustment.customer_name ?? '';
  const approving = asking?.decision === 'approve';
  return (
    <Card component="section" aria-labelledby="wallet-pending-title" data-testid="wallet-pending">
      <CardHeader
        title={t('pending.title')}
        subheader={t('pending.subheader')}
        slotProps={{ title: { ...cardTitle.title, id: 'wallet-pending-title' } }}
      />
      {refusal && (
        <Alert
          severity="error"
          sx={{ mx: 2, mb: 2 }}
          onClose={() => setRefusal(null)}
          data-testid="wallet-pending-refusal"
        >
          {refusal}
        </Alert>
      )}
      <DataTable<WalletAdjustment>
        label={t('pending.table')}
        testId="wallet-pending-table"
        columns={columns}
        {...listQueryProps(adjustments)}
        rowKey={(a) => a.id}
        {...pagingProps(table)}
        emptyMessage={t('pending.empty')}
      />
      <ConfirmDialog
        open={Boolean(asking)}
        title={t(approving ? 'pending.approveTitle' : 'pending.rejectTitle', { amount })}
        message={t(approving ? 'pending.approveMessage' : 'pending.rejectMessage', {
          amount,
          name,
        })}
        confirmLabel={t(approving ? 'pending.approve' : 'pending.reject')}
        confirmColor={approving ? 'primary' : 'error'}
        onConfirm={decide}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}
