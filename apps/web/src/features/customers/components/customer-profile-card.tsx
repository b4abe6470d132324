import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomerDetails } from '@kopi/contract';
import { Link as RouterLink } from 'react-router';
import { cardTitle } from '../../../components/card-title';
import { Fact, FactList } from '../../../components/fact-list';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { useCustomerStrings } from '../i18n';
import { TierChip } from './customer-chips';

/** Where the customer stands: tier and the way to the next one, points and wallet. */
export function CustomerBalancesCard({ customer }: { customer: CustomerDetails }) {
  const { t, language } = useCustomerStrings();
  const next = customer.next_tier;
  const nextName = next ? (language === 'my' ? next.name_my : next.name_en) : '';
  const reached = next ? Math.max(0, next.threshold - next.remaining) : 0;
  const progress =
    next && next.threshold > 0 ? Math.min(100, Math.round((reached / next.threshold) * 100)) : 0;
  // What the tier counts (points earned, or spend) beside what is left: the points balance
  // below is what may be spent, and differs once points are redeemed.
  const count = (n: number) =>
    next?.basis === 'spend' ? formatMoney(n) : n.toLocaleString('en-MY');
  const remaining = next
    ? t(next.basis === 'spend' ? 'details.toNextSpend' : 'details.toNextPoints', {
        reached: count(reached),
        threshold: count(next.threshold),
        remaining: count(next.remaining),
        tier: nextName,
      })
    : '';
  return (
    <Card data-testid="customer-balances">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary" variant="body2">
              {t('details.tier')}
            </Typography>
            {customer.tier ? (
              <TierChip tier={customer.tier} size="medium" />
            ) : (
              <Typography variant="body2">{t('details.noTier')}</Typography>
            )}
          </Stack>
          {next ? (
            <Box data-testid="customer-next-tier">
              <LinearProgress
                variant="determinate"
                value={progress}
                aria-label={t('details.progress', { tier: nextName })}
                sx={{ height: 8, borderRadius: 4 }}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {remaining}
              </Typography>
            </Box>
          ) : (
            // An anonymised customer is shown no way to a next tier: there is none to go.
            customer.tier &&
            !customer.anonymised && (
              <Typography variant="body2" color="text.secondary">
                {t('details.topTier')}
              </Typography>
            )
          )}
          <Stack direction="row" spacing={3}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('details.points')}
              </Typography>
              <Typography variant="h5" component="p" data-testid="customer-points">
                {customer.points.toLocaleString('en-MY')}
              </Typography>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('details.wallet')}
              </Typography>
              <Typography variant="h5" component="p" data-testid="customer-wallet-balance">
                {formatMoney(customer.wallet_balance)}
              </Typography>
            </Box>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Who the customer is: contact, referral, account and history facts. */
export function CustomerProfileCard({ customer }: { customer: CustomerDetails }) {
  const { t } = useCustomerStrings();
  const none = t('details.none');
  return (
    <Card data-testid="customer-profile">
      <CardHeader title={t('details.profile')} slotProps={cardTitle} />
      <CardContent sx={{ pt: 0 }}>
        <FactList>
          <Fact label={t('details.phone')} testId="customer-phone">
            {customer.phone || none}
          </Fact>
          <Fact label={t('details.email')}>{customer.email ?? none}</Fact>
          <Fact label={t('details.birthday')}>
            {customer.birthday ? customer.birthday.replaceAll('-', '/') : none}
          </Fact>
          <Fact label={t('details.referralCode')} testId="customer-referral-code">
            {customer.referral_code || none}
          </Fact>
          <Fact label={t('details.referredBy')}>
            {customer.referred_by ? (
              <Link
                component={RouterLink}
                to={`/customer/details/${customer.referred_by.id}`}
                underline="hover"
              >
                {customer.referred_by.name}
              </Link>
            ) : (
              none
            )}
          </Fact>
          <Fact label={t('details.account')} testId="customer-account">
            {customer.app_account ? t('details.appAccount') : t('details.counterOnly')}
          </Fact>
          <Fact label={t('details.phoneVerified')}>
            {customer.phone_verified ? t('details.yes') : t('details.no')}
          </Fact>
          <Fact label={t('details.orders')}>{customer.orders}</Fact>
          <Fact label={t('details.totalSpend')}>{formatMoney(customer.total_spend)}</Fact>
          <Fact label={t('details.lastOrder')}>
            {customer.last_order_at ? formatDate(customer.last_order_at) : none}
          </Fact>
          <Fact label={t('details.joined')}>{formatDate(customer.created_at)}</Fact>
        </FactList>
      </CardContent>
    </Card>
  );
}
