import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Link as RouterLink } from 'react-router';
import { gatewayProviders, type PaymentGateway } from '@kopi/contract';
import { EmptyState } from '../../../components/empty-state';
import { ListPage } from '../../../components/list-page/list-page';
import { useConfirmedDelete } from '../../../components/list-page/use-confirmed-delete';
import { ConfirmedDeleteDialog } from '../../../components/list-page/confirmed-delete-dialog';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useCan } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { useSessionUser } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toasts';
import {
  createPaymentGateway,
  deletePaymentGateway,
  testPaymentGateway,
  updatePaymentGateway,
  useInvalidateGateways,
  usePaymentGateways,
} from '../api';
import { type GatewayForm, GatewayDrawer, typedCredentials } from '../components/gateway-drawer';
import { usePaymentGatewayStrings } from '../i18n';
import { useReconciliationStrings } from '../i18n-reconciliation';

/**
 * /ge/payment-gateway (payment-gateway): the business's gateway accounts — or, for the superadmin
 * outside any tenant, the platform's own — each with its mode, methods, masked credentials and the
 * callback URL to paste in the gateway's dashboard; set up or changed in a drawer, tested against
 * the gateway, deleted after asking.
 */
export function PaymentGatewayPage() {
  const { t } = usePaymentGatewayStrings();
  const { t: reconcileT } = useReconciliationStrings();
  const can = useCan();
  const user = useSessionUser();
  const gateways = usePaymentGateways();
  const refresh = useInvalidateGateways();
  const [editing, setEditing] = useState<{ gateway: PaymentGateway | null } | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  // The last test's outcome stays on the gateway's card (a toast could be held back behind another).
  const [tested, setTested] = useState<Record<string, boolean>>({});
  const nameOf = (g: PaymentGateway) => t(`provider.${g.provider}`);
  const removal = useConfirmedDelete<PaymentGateway>({
    remove: (g) => deletePaymentGateway(g.id),
    refresh,
    doneMessage: t('list.deleted'),
  });
  const list = gateways.data ?? [];
  const canAdd =
    can('create', 'payment-gateway') &&
    gatewayProviders.some((p) => !list.some((g) => g.provider === p));

  const save = async (values: GatewayForm) => {
    const current = editing?.gateway;
    const credentials = typedCredentials(values.credentials);
    if (current) {
      const { provider: _fixed, ...settings } = values;
      await updatePaymentGateway(current.id, { ...settings, credentials });
    } else {
      await createPaymentGateway({ ...values, credentials });
    }
    toast.success(current ? t('form.saved') : t('form.created'));
    setEditing(null);
    await refresh();
  };

  const test = async (g: PaymentGateway) => {
    setTesting(g.id);
    try {
      await testPaymentGateway(g.id);
      setTested((all) => ({ ...all, [g.id]: true }));
    } catch {
      // The HTTP client also shows the gateway's refusal (payment_gateway_unreachable).
      setTested((all) => ({ ...all, [g.id]: false }));
    } finally {
      setTesting(null);
    }
  };

  const copy = (value: string) => {
    void navigator.clipboard?.writeText(value).then(() => toast.success(t('list.copied')));
  };

  if (gateways.isPending) return <PageSkeleton />;
  return (
    <ListPage
      title={t('list.title')}
      subtitle={user?.tenant_id ? t('list.subtitle') : t('list.platformSubtitle')}
      actions={
        // A business's gateways have payments to reconcile; the platform's own has none here.
        user?.tenant_id &&
        list.length > 0 && (
          <Button
            component={RouterLink}
            to="/ge/payment-gateway/reconciliation"
            variant="outlined"
            data-testid="payment-gateway-reconcile"
          >
            {reconcileT('open')}
          </Button>
        )
      }
      add={
        canAdd && {
          label: t('list.add'),
          onClick: () => setEditing({ gateway: null }),
          testId: 'payment-gateway-add',
        }
      }
    >
      {list.length === 0 && (
        <Card>
          <EmptyState message={t('list.empty')} testId="payment-gateways-empty" />
        </Card>
      )}
      {list.map((g) => (
        <Card key={g.id} data-testid={`payment-gateway-${g.provider}`}>
          <CardContent>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                  {nameOf(g)}
                </Typography>
                <Chip
                  size="small"
                  label={t(`mode.${g.mode}`)}
                  color={g.mode === 'production' ? 'primary' : 'default'}
                />
                {g.is_default && <Chip size="small" label={t('list.default')} color="info" />}
                <Chip
                  size="small"
                  label={g.enabled ? t('list.enabled') : t('list.disabled')}
                  color={g.enabled ? 'success' : 'default'}
                  data-testid="payment-gateway-state"
                />
              </Stack>
              <Typography variant="body2">
                {t('list.methods')}: {g.methods.map((m) => t(`method.${m}`)).join(', ')}
              </Typography>
              <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
                {Object.entries(g.credentials).map(([name, masked]) => (
                  <Typography
                    key={name}
                    variant="body2"
                    data-testid={`payment-gateway-credential-${name}`}
                  >
                    {t(`credential.${name as 'api_key'}`)}: <code>{masked}</code>
                  </Typography>
                ))}
              </Stack>
              {[
                { label: t('list.callbackUrl'), value: g.callback_url, id: 'callback' },
                { label: t('list.redirectUrl'), value: g.redirect_url, id: 'redirect' },
              ].map((url) => (
                <Stack key={url.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                    {url.label}:{' '}
                    <code data-testid={`payment-gateway-${url.id}-url`}>{url.value}</code>
                  </Typography>
                  <Tooltip title={t('list.copy', { what: url.label })}>
                    <IconButton
                      aria-label={t('list.copy', { what: url.label })}
                      onClick={() => copy(url.value)}
                    >
                      <ContentCopy fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              ))}
              {tested[g.id] !== undefined && (
                <Alert
                  severity={tested[g.id] ? 'success' : 'error'}
                  role="status"
                  data-testid="payment-gateway-test-result"
                >
                  {t(tested[g.id] ? 'list.testDone' : 'list.testFailed', { name: nameOf(g) })}
                </Alert>
              )}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
                  {t('list.updated', { by: g.updated_by ?? '—', at: formatDateTime(g.updated_at) })}
                </Typography>
                {can('update', 'payment-gateway') && (
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => void test(g)}
                    disabled={testing === g.id}
                    data-testid="payment-gateway-test"
                  >
                    {t('list.test')}
                  </Button>
                )}
                {can('update', 'payment-gateway') && (
                  <IconButton
                    aria-label={t('list.edit', { name: nameOf(g) })}
                    onClick={() => setEditing({ gateway: g })}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                )}
                {can('delete', 'payment-gateway') && (
                  <IconButton
                    aria-label={t('list.delete', { name: nameOf(g) })}
                    onClick={() => removal.ask(g)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      ))}
      <GatewayDrawer
        open={editing !== null}
        gateway={editing?.gateway ?? null}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <ConfirmedDeleteDialog deletion={removal} t={t} labelOf={nameOf} />
    </ListPage>
  );
}
