import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Dashboard, ServingMethod } from '@kopi/contract';
import { useReceiptStrings } from '../../../components/receipt/i18n';
import { StatusLabel } from '../../../components/status-label';
import { formatCompactNumber, formatMoney } from '../../../lib/formatters';
import { useLocalizedName } from '../../../lib/localized-name';
import { sharePercent } from '../../../lib/percent-change';
import { useDashboardStrings } from '../i18n';

// The dashboard's smaller widgets: top products, the outlet leaderboard, sources and serving
// methods, and the open orders of right now.

const amount = (sen: number) =>
  new Intl.NumberFormat('en-MY', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    sen / 100,
  );
const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function WidgetCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId} component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function TopProducts({ products: all }: { products: Dashboard['top_products'] }) {
  const { t } = useDashboardStrings();
  const nameOf = useLocalizedName();
  // A product whose only sale today was rejected is still listed by the API, with nothing sold.
  const products = all.filter((p) => p.quantity > 0);
  return (
    <WidgetCard title={t('top.title')} testId="dashboard-top-products">
      {products.length === 0 ? (
        <Typography color="text.secondary">{t('top.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('top.product')}</TableCell>
              <TableCell align="right">{t('top.quantity')}</TableCell>
              <TableCell align="right">{t('top.gross')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {products.map((p, i) => (
              <TableRow key={p.product_id} data-testid="dashboard-top-product">
                <TableCell>
                  <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                    {i + 1}.
                  </Box>
                  {nameOf(p.name, p.name_my)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatCompactNumber(p.quantity)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {amount(p.gross)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WidgetCard>
  );
}

export function OutletLeaderboard({
  outlets,
  compareDay,
}: {
  outlets: Dashboard['outlets'];
  compareDay: string;
}) {
  const { t } = useDashboardStrings();
  const top = Math.max(0, ...outlets.map((o) => o.net));
  return (
    <WidgetCard title={t('outlets.title')} testId="dashboard-outlets">
      {outlets.length === 0 ? (
        <Typography color="text.secondary">{t('outlets.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('outlets.outlet')}</TableCell>
              <TableCell align="right">{t('outlets.orders')}</TableCell>
              <TableCell align="right">{t('outlets.net')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {outlets.map((o, i) => (
              <TableRow key={o.outlet_id} data-testid="dashboard-outlet-row" data-code={o.code}>
                <TableCell>
                  <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                    {i + 1}.
                  </Box>
                  {o.name}
                  <LinearProgress
                    variant="determinate"
                    value={sharePercent(o.net, top)}
                    aria-hidden
                    sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
                  />
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatCompactNumber(o.orders)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {amount(o.net)}
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="div"
                    title={t('outlets.lastWeekHint', { day: compareDay })}
                  >
                    {t('outlets.lastWeek', { value: amount(o.compare_net) })}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WidgetCard>
  );
}

function ShareRows({
  heading,
  rows,
  testId,
}: {
  heading: string;
  rows: { key: string; label: string; orders: number; net: number }[];
  testId: string;
}) {
  const { t } = useDashboardStrings();
  const total = rows.reduce((s, r) => s + r.orders, 0);
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="subtitle2" color="text.secondary">
        {heading}
      </Typography>
      {rows.map((r) => (
        <Box key={r.key} data-testid={`${testId}-${r.key}`}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="body2">{r.label}</Typography>
            <Typography variant="body2" sx={numeric}>
              {/* count picks the plural; n is the figure as SPEC §9 writes it (12.3k). */}
              {t('channels.orders', { count: r.orders, n: formatCompactNumber(r.orders) })} ·{' '}
              {formatMoney(r.net)}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={sharePercent(r.orders, total)}
            aria-hidden
            sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
          />
        </Box>
      ))}
    </Stack>
  );
}

export function ChannelMix({
  sources,
  serving,
}: {
  sources: Dashboard['by_source'];
  serving: Dashboard['by_serving_method'];
}) {
  const { t } = useDashboardStrings();
  const { t: tr } = useReceiptStrings();
  return (
    <WidgetCard title={t('channels.title')} testId="dashboard-channels">
      <Stack spacing={2.5}>
        <ShareRows
          heading={t('channels.source')}
          testId="dashboard-source"
          rows={sources.map((s) => ({ key: s.source, label: t(`channels.${s.source}`), ...s }))}
        />
        <ShareRows
          heading={t('channels.serving')}
          testId="dashboard-serving"
          rows={serving.map((s) => ({
            key: s.serving_method,
            label: tr(`serving.${s.serving_method as ServingMethod}`),
            ...s,
          }))}
        />
      </Stack>
    </WidgetCard>
  );
}

export function OpenOrders({
  open,
  outlets,
  mayOpenBoard,
}: {
  open: Dashboard['open_orders'];
  outlets: Dashboard['outlets'];
  mayOpenBoard: boolean;
}) {
  const { t } = useDashboardStrings();
  const nameOf = (id: string) => outlets.find((o) => o.outlet_id === id)?.name ?? id;
  const statuses = [
    ['PENDING', open.pending],
    ['APPROVED', open.approved],
    ['CREATED', open.created],
  ] as const;
  return (
    <WidgetCard title={t('open.title')} testId="dashboard-open-orders">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography variant="h3" component="p" data-testid="dashboard-open-total" sx={numeric}>
            {formatCompactNumber(open.total)}
          </Typography>
          <Typography color="text.secondary">{t('open.total')}</Typography>
        </Stack>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {statuses.map(([status, n]) => (
            <Box
              key={status}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
              data-testid={`dashboard-open-${status}`}
              data-count={n}
            >
              <StatusLabel status={status} />
              <Typography variant="body2" sx={{ fontWeight: 600, ...numeric }}>
                {formatCompactNumber(n)}
              </Typography>
            </Box>
          ))}
        </Box>
        {open.total === 0 ? (
          <Typography color="text.secondary">{t('open.none')}</Typography>
        ) : (
          open.by_outlet.length > 1 && (
            <Table size="small" aria-label={t('open.byOutlet')}>
              <TableBody>
                {open.by_outlet.map((o) => (
                  <TableRow key={o.outlet_id}>
                    <TableCell sx={{ pl: 0 }}>{nameOf(o.outlet_id)}</TableCell>
                    <TableCell align="right" sx={numeric}>
                      {formatCompactNumber(o.created + o.pending + o.approved)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )
        )}
        {mayOpenBoard && (
          <Box>
            <Button size="small" variant="outlined" component={RouterLink} to="/app/status-order">
              {t('open.board')}
            </Button>
          </Box>
        )}
      </Stack>
    </WidgetCard>
  );
}
