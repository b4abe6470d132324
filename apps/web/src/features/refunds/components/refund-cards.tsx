import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { refundReasonLabels, type Refund } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { useReasonText } from '../../../components/coded-reason/use-reason-text';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { StatusLabel } from '../../../components/status-label';
import { formatBusinessDate, formatDateTime, formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { ProofImage } from './proof-image';
import { useRefundStrings } from '../i18n';
import { decidedBy } from '../refund-actions';
import { SimpleTable } from '../../../components/data-table/simple-table';
import type { FactProps } from '../../../components/fact-list';
import { MoneyCell } from '../../../components/data-table/money-cell';

/** A fact of the refund's cards: its label on the left, its value on the right. */
function Fact({ label, children, testId }: FactProps) {
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId} sx={{ textAlign: 'right' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** Amount, what it is of, how it is paid back, why, who asked and who approved. */
export function RefundFactsCard({ refund }: { refund: Refund }) {
  const { t, language } = useRefundStrings();
  const { t: tr } = useReceiptStrings();
  return (
    <Card>
      <CardHeader title={t('details.refund')} />
      <CardContent>
        <Stack spacing={1.25}>
          <Fact label={t('details.amount')} testId="refund-amount">
            <strong>{formatMoney(refund.amount)}</strong>
          </Fact>
          <Fact label={t('details.kind')}>{t(`kind.${refund.kind}`)}</Fact>
          <Fact label={t('details.method')} testId="refund-method">
            {t(`method.${refund.method}`)}
          </Fact>
          {refund.payment_method && (
            <Fact label={t('details.paidBy')}>{tr(`payment.${refund.payment_method}`)}</Fact>
          )}
          <Fact label={t('details.reason')} testId="refund-reason">
            {refundReasonLabels[refund.reason][language]}
          </Fact>
          {refund.reason_note && <Fact label={t('details.note')}>{refund.reason_note}</Fact>}
          <Fact label={t('details.created')}>{formatDateTime(refund.created_at)}</Fact>
          {refund.requested_by && (
            <Fact label={t('details.requestedBy')}>{refund.requested_by}</Fact>
          )}
          {refund.approved_by && (
            <Fact label={t(`details.${decidedBy(refund)}`)}>{refund.approved_by}</Fact>
          )}
          {refund.provider_payout && (
            <Fact label={t('details.providerPayout')} testId="refund-provider-payout">
              {t(`payout.${refund.provider_payout}`)}
            </Fact>
          )}
          {refund.completed_at && (
            <Fact label={t('details.completed')}>{formatDateTime(refund.completed_at)}</Fact>
          )}
          {refund.business_date && (
            <Fact label={t('details.businessDate')}>
              {formatBusinessDate(refund.business_date)}
            </Fact>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The order refunded: its number (a link), status, total, paid and refunded so far. */
export function RefundOrderCard({ refund }: { refund: Refund }) {
  const { t } = useRefundStrings();
  return (
    <Card data-testid="refund-order">
      <CardHeader title={t('details.order')} />
      <CardContent>
        <Stack spacing={1.25}>
          <Fact label={t('details.orderNo')}>
            <Link component={RouterLink} to={`/order/details/${refund.order_id}`}>
              {refund.order_no}
            </Link>
          </Fact>
          <Fact label={t('details.orderStatus')}>
            <StatusLabel status={refund.order.status} />
          </Fact>
          <Fact label={t('details.orderTotal')}>{formatMoney(refund.order.total)}</Fact>
          <Fact label={t('details.orderPaid')}>{formatMoney(refund.order.paid)}</Fact>
          <Fact label={t('details.orderRefunded')} testId="refund-order-refunded">
            {formatMoney(refund.order.refunded)}
          </Fact>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The items and quantities refunded (none for a whole-order or an amount refund). */
export function RefundItemsCard({ refund }: { refund: Refund }) {
  const { t } = useRefundStrings();
  const nameOf = useLocalizedName();
  return (
    <Card>
      <CardHeader title={t('details.items')} />
      {refund.items.length === 0 ? (
        <CardContent>
          <Typography color="text.secondary">{t('details.noItems')}</Typography>
        </CardContent>
      ) : (
        <SimpleTable
          size="small"
          aria-label={t('details.itemsTable')}
          data-testid="refund-items"
          cells={[
            t('details.item'),
            { label: t('details.quantity'), align: 'right' },
            { label: t('details.amount'), align: 'right' },
          ]}
        >
          {refund.items.map((item) => (
            <TableRow key={item.order_item_id}>
              <TableCell>{nameOf(item.name, item.name_my)}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <MoneyCell sen={item.amount} />
            </TableRow>
          ))}
        </SimpleTable>
      )}
    </Card>
  );
}

/** Where a transfer goes (masked unless the server shows it in full), its reference and proof. */
export function RefundBankCard({ refund }: { refund: Refund }) {
  const { t } = useRefundStrings();
  if (!refund.bank) return null;
  return (
    <Card data-testid="refund-bank">
      <CardHeader title={t('details.bank')} />
      <CardContent>
        <Stack spacing={1.25}>
          <Fact label={t('details.bankName')}>{refund.bank.bank_name}</Fact>
          <Fact label={t('details.accountHolder')}>{refund.bank.account_holder}</Fact>
          <Fact label={t('details.accountNumber')} testId="refund-account-number">
            {refund.bank.account_number}
          </Fact>
          {refund.bank.masked && (
            <Typography variant="caption" color="text.secondary">
              {t('details.masked')}
            </Typography>
          )}
          {refund.transfer_reference && (
            <Fact label={t('details.transferReference')} testId="refund-transfer-reference">
              {refund.transfer_reference}
            </Fact>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('details.proof')}
          </Typography>
          {refund.proof_url ? (
            <ProofImage
              url={refund.proof_url}
              alt={t('details.proofAlt', { number: refund.refund_no })}
              pdfLabel={t('details.proofPdf', { number: refund.refund_no })}
            />
          ) : (
            <Typography variant="body2">{t('details.noProof')}</Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The refund's status changes, oldest first: who moved it, when, and why. */
export function RefundTimelineCard({ history }: { history: Refund['history'] }) {
  const { t, ts } = useRefundStrings();
  const reasonText = useReasonText();
  const label = (status: string) =>
    ts(`recordStatus.${status.replace(' ', '_') as 'WAITING_TRANSFER'}`);
  return (
    <Card>
      <CardHeader title={t('details.timeline')} />
      <CardContent>
        <Box component="ol" data-testid="refund-timeline" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {history.map((h, i) => {
            const reason = reasonText(h);
            return (
              <Box
                component="li"
                key={`${h.at}:${i}`}
                data-testid="refund-timeline-entry"
                sx={{ pl: 2, pb: 1.5, borderInlineStart: '2px solid', borderColor: 'divider' }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {h.from ? `${label(h.from)} → ${label(h.to)}` : t('details.requested')}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(h.at)}
                  {h.by ? ` · ${t('details.by', { name: h.by })}` : ''}
                </Typography>
                {reason && (
                  <Typography variant="body2">{t('details.reasonLine', { reason })}</Typography>
                )}
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
