import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Print from '@mui/icons-material/Print';
import SearchOff from '@mui/icons-material/SearchOff';
import { type Order, type PaymentMethod, paymentMethods, systemOrderReason } from '@kopi/contract';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { StatusLabel } from '../../../components/status-label';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { HttpError } from '../../../lib/http/http-client';
import { useOrder } from '../api';
import { OrderStatusActions } from '../components/order-status-actions';
import { ReceiptDialog } from '../components/receipt-dialog';
import { formatBusinessDate } from '../format';
import { useOrderStrings } from '../i18n';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

function MoneyRow({
  label,
  sen,
  strong,
  testId,
}: {
  label: string;
  sen: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.5,
        fontWeight: strong ? 700 : 400,
        fontSize: strong ? '1.05rem' : undefined,
      }}
    >
      <span>{label}</span>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(sen)}
      </Box>
    </Box>
  );
}

function NotFound() {
  const { t } = useOrderStrings();
  return (
    <Card data-testid="order-not-found">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
          <SearchOff sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden="true" />
          <Typography variant="h5" component="h1">
            {t('details.notFoundTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
            {t('details.notFoundText')}
          </Typography>
          <Button component={RouterLink} to="/order/list" variant="contained">
            {t('details.back')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /order/details/:id (read order). */
export function OrderDetailsPage() {
  const { id } = useParams();
  const { t, ts } = useOrderStrings();
  const order = useOrder(id);

  if (order.error) {
    const status = order.error instanceof HttpError ? order.error.status : 0;
    // A malformed id (400) is as missing as an unknown one.
    if (status === 404 || status === 400) return <NotFound />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void order.refetch()}>
            {ts('common.retry')}
          </Button>
        }
      >
        {t('details.loadError')}
      </Alert>
    );
  }
  if (!order.data) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  return <OrderDetails order={order.data} onRefresh={() => order.refetch()} />;
}

function OrderDetails({ order, onRefresh }: { order: Order; onRefresh: () => unknown }) {
  const { t } = useOrderStrings();
  const { t: tr } = useReceiptStrings();
  // The system's own reasons in the screen's language; what a person wrote, as written.
  const reasonText = (reason: string) => {
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
  const [printing, setPrinting] = useState(false);
  // The list's filters travel with the link, so "Back to orders" shows the same list.
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';

  return (
    <Stack spacing={3} data-testid="order-details">
      <Box>
        <Button
          component={RouterLink}
          to={`/order/list${listSearch}`}
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
            <span>{t('details.title', { number: order.order_no })}</span>
            <Box component="span" data-testid="order-status" data-status={order.status}>
              <StatusLabel status={order.status} size="medium" />
            </Box>
            <Chip variant="outlined" label={t(`via.${order.via}`)} data-testid="order-via" />
          </Stack>
        }
        subtitle={`${order.outlet_name} · ${formatDateTime(order.created_at)}`}
        actions={
          <>
            <OrderStatusActions order={order} onSettled={onRefresh} />
            <Button
              variant="outlined"
              startIcon={<Print />}
              onClick={() => setPrinting(true)}
              data-testid="order-print-receipt"
            >
              {t('actions.print')}
            </Button>
          </>
        }
      />

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <Card>
              <CardHeader title={t('details.items')} />
              <TableContainer>
                <Table aria-label={t('details.itemsTable')} size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('details.item')}</TableCell>
                      <TableCell align="right">{t('details.quantity')}</TableCell>
                      <TableCell align="right">{t('details.unitPrice')}</TableCell>
                      <TableCell align="right">{t('details.amount')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {order.items.map((item) => (
                      <TableRow key={item.id} data-testid="order-item">
                        <TableCell>
                          <Typography sx={{ fontWeight: 500 }}>{item.name}</Typography>
                          {item.options.map((o, i) => (
                            <Typography
                              key={`${i}:${o.group}`}
                              variant="body2"
                              color="text.secondary"
                            >
                              {o.group}: {o.name}
                              {o.price !== 0 &&
                                ` (${o.price > 0 ? '+' : ''}${formatMoney(o.price)})`}
                            </Typography>
                          ))}
                          {item.addons.map((a, i) => (
                            <Typography
                              key={`${i}:${a.name}`}
                              variant="body2"
                              color="text.secondary"
                            >
                              + {a.name}
                              {a.price !== 0 && ` (${formatMoney(a.price)})`}
                            </Typography>
                          ))}
                          {item.notes && (
                            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
                              {t('details.note', { note: item.notes })}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell align="right">{item.quantity}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(item.unit_price)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(item.line_total)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Card>

            <Card>
              <CardHeader title={t('details.payments')} />
              {order.payments.length === 0 ? (
                <CardContent>
                  <Typography color="text.secondary">{t('details.noPayments')}</Typography>
                </CardContent>
              ) : (
                <TableContainer>
                  <Table aria-label={t('details.paymentsTable')} size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('details.method')}</TableCell>
                        <TableCell>{t('details.reference')}</TableCell>
                        <TableCell align="right">{t('details.amount')}</TableCell>
                        <TableCell align="right">{t('details.tendered')}</TableCell>
                        <TableCell align="right">{t('details.change')}</TableCell>
                        <TableCell>{t('details.paymentStatus')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {order.payments.map((p) => (
                        <TableRow key={p.id} data-testid="order-payment">
                          <TableCell>{tr(`payment.${p.method}`)}</TableCell>
                          <TableCell>{p.reference ?? ''}</TableCell>
                          <TableCell align="right">{formatMoney(p.amount)}</TableCell>
                          <TableCell align="right">
                            {p.tendered !== null ? formatMoney(p.tendered) : ''}
                          </TableCell>
                          <TableCell align="right">
                            {p.change ? formatMoney(p.change) : ''}
                          </TableCell>
                          <TableCell>
                            {p.status === 'paid'
                              ? t('details.paymentPaid')
                              : t('details.paymentRefunded')}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </Card>

            <Card>
              <CardHeader title={t('details.timeline')} />
              <CardContent>
                <Box
                  component="ol"
                  data-testid="order-timeline"
                  sx={{ m: 0, p: 0, listStyle: 'none' }}
                >
                  {order.history.map((h, i) => (
                    <Box
                      component="li"
                      key={`${h.at}:${i}`}
                      data-testid="order-timeline-entry"
                      sx={{
                        position: 'relative',
                        pl: 3,
                        pb: i === order.history.length - 1 ? 0 : 2,
                        borderInlineStart: i === order.history.length - 1 ? 'none' : '2px solid',
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
                      <Stack
                        direction="row"
                        spacing={1}
                        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                      >
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
                  ))}
                </Box>
              </CardContent>
            </Card>
          </Stack>
        </Grid>

        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent>
                <Stack spacing={1.5}>
                  <Fact label={t('details.outlet')}>{order.outlet_name}</Fact>
                  <Fact label={t('details.via')}>{t(`via.${order.via}`)}</Fact>
                  <Fact label={t('details.serving')}>
                    {tr(`serving.${order.serving_method}`)}
                    {order.table_no ? ` · ${t('details.table', { table: order.table_no })}` : ''}
                  </Fact>
                  <Fact label={t('details.businessDate')}>
                    {formatBusinessDate(order.business_date)}
                  </Fact>
                  <Fact label={t('details.created')}>{formatDateTime(order.created_at)}</Fact>
                  {(order.customer_name || order.customer_phone) && (
                    <Fact label={t('details.customer')}>
                      {[order.customer_name, order.customer_phone].filter(Boolean).join(' · ')}
                    </Fact>
                  )}
                  {order.delivery_address && (
                    <Fact label={t('details.deliveryAddress')}>{order.delivery_address}</Fact>
                  )}
                  {order.staff_name && <Fact label={t('details.staff')}>{order.staff_name}</Fact>}
                  {order.notes && <Fact label={t('details.notes')}>{order.notes}</Fact>}
                  {order.outside_hours && (
                    <Alert severity="info" sx={{ py: 0 }}>
                      {t('details.outsideHours')}
                    </Alert>
                  )}
                </Stack>
              </CardContent>
            </Card>
            <Card>
              <CardHeader title={t('details.breakdown')} />
              <CardContent data-testid="order-breakdown" sx={{ pt: 0 }}>
                <MoneyRow label={t('details.subtotal')} sen={order.subtotal} />
                {order.discount !== 0 && (
                  <MoneyRow label={t('details.discount')} sen={-order.discount} />
                )}
                {order.service_charge !== 0 && (
                  <MoneyRow label={t('details.serviceCharge')} sen={order.service_charge} />
                )}
                {order.service_tax !== 0 && (
                  <MoneyRow label={t('details.sst')} sen={order.service_tax} />
                )}
                {order.delivery_fee !== 0 && (
                  <MoneyRow label={t('details.deliveryFee')} sen={order.delivery_fee} />
                )}
                {order.rounding !== 0 && (
                  <MoneyRow
                    label={t('details.rounding')}
                    sen={order.rounding}
                    testId="order-rounding"
                  />
                )}
                <Divider sx={{ my: 1 }} />
                <MoneyRow
                  label={t('details.total')}
                  sen={order.total}
                  strong
                  testId="order-total"
                />
                <MoneyRow label={t('details.paid')} sen={order.paid} />
                <MoneyRow label={t('details.change')} sen={order.change} testId="order-change" />
                {order.refunded !== 0 && (
                  <MoneyRow label={t('details.refunded')} sen={order.refunded} />
                )}
                {order.refund_due !== 0 && (
                  <MoneyRow
                    label={t('details.refundDue')}
                    sen={order.refund_due}
                    strong
                    testId="order-refund-due"
                  />
                )}
              </CardContent>
            </Card>
          </Stack>
        </Grid>
      </Grid>
      <ReceiptDialog order={order} open={printing} onClose={() => setPrinting(false)} />
    </Stack>
  );
}
