import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  changePasswordSchema,
  twoStepEnableSchema,
  type AccountSession,
  type ChangePasswordRequest,
} from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { PasswordField } from '../../../components/password-field';
import { formatDateTime } from '../../../lib/formatters';
import { signOut } from '../../../lib/session/session-service';
import { updateSessionUser, useSessionUser } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toasts';
import {
  changePassword,
  disableTwoStep,
  enableTwoStep,
  setupTwoStep,
  useAccountSessions,
  useRevokeOtherSessions,
  useRevokeSession,
  type TwoStepSetup,
} from '../api';
import { describeUserAgent } from '../../../lib/user-agent';

const cardTitle = { title: { component: 'h2', variant: 'h5' } } as const;

function ChangePasswordCard() {
  const { t } = useTranslation();
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { old_password: '', password: '', password_confirmation: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword(values);
      form.reset();
      toast.success(t('account.password.changed'));
    } catch {
      // reported by the HTTP client (e.g. "The current password is incorrect")
    }
  });
  return (
    <Card>
      <CardHeader title={t('account.password.title')} slotProps={cardTitle} />
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label={t('account.password.title')}>
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={form.control}
                name="old_password"
                label={t('account.password.current')}
                autoComplete="current-password"
                password
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ display: { xs: 'none', md: 'block' } }} />
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={form.control}
                name="password"
                label={t('account.password.new')}
                autoComplete="new-password"
                password
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={form.control}
                name="password_confirmation"
                label={t('account.password.confirm')}
                autoComplete="new-password"
                password
                fullWidth
              />
            </Grid>
            <Grid size={12}>
              <Typography variant="body2" color="text.secondary">
                {t('account.password.hint')}
              </Typography>
            </Grid>
            <Grid size={12}>
              <Button
                type="submit"
                variant="contained"
                loading={form.formState.isSubmitting}
                data-testid="change-password-submit"
              >
                {t('account.password.submit')}
              </Button>
            </Grid>
          </Grid>
        </form>
      </CardContent>
    </Card>
  );
}

function TwoStepCard() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const enabled = user?.two_step_enabled === true;
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [starting, setStarting] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disableOpen, setDisableOpen] = useState(false);
  const [password, setPassword] = useState('');
  const codeForm = useForm<{ code: string }>({
    resolver: zodResolver(twoStepEnableSchema),
    defaultValues: { code: '' },
  });

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await setupTwoStep());
    } catch {
      // reported by the HTTP client
    } finally {
      setStarting(false);
    }
  };

  const verify = codeForm.handleSubmit(async ({ code }) => {
    try {
      const { recovery_codes } = await enableTwoStep(code);
      setSetup(null);
      codeForm.reset();
      setRecoveryCodes(recovery_codes);
      updateSessionUser({ two_step_enabled: true });
      toast.success(t('account.twoStep.enabled'));
    } catch {
      codeForm.setValue('code', '');
    }
  });

  const disable = async () => {
    try {
      await disableTwoStep(password);
      updateSessionUser({ two_step_enabled: false });
      setDisableOpen(false);
      setPassword('');
      toast.success(t('account.twoStep.disabled'));
    } catch {
      // reported by the HTTP client
    }
  };

  return (
    <Card>
      <CardHeader
        title={t('account.twoStep.title')}
        slotProps={cardTitle}
        action={
          <Chip
            label={enabled ? t('account.twoStep.on') : t('account.twoStep.off')}
            color={enabled ? 'success' : 'default'}
            data-testid="two-step-status"
          />
        }
      />
      <CardContent>
        <Stack spacing={2.5}>
          <Typography color="text.secondary">{t('account.twoStep.description')}</Typography>

          {recoveryCodes && (
            <Alert
              severity="warning"
              data-testid="recovery-codes"
              onClose={() => setRecoveryCodes(null)}
            >
              <Typography sx={{ fontWeight: 600 }}>{t('account.twoStep.recoveryTitle')}</Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('account.twoStep.recoveryHint')}
              </Typography>
              <Box component="ul" sx={{ columns: 2, fontFamily: 'monospace', m: 0, pl: 2 }}>
                {recoveryCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </Box>
              <Button
                size="small"
                color="inherit"
                sx={{ mt: 1 }}
                onClick={() => {
                  void navigator.clipboard?.writeText(recoveryCodes.join('\n'));
                  toast.info(t('common.copied'));
                }}
              >
                {t('common.copy')}
              </Button>
            </Alert>
          )}

          {setup ? (
            <Stack
              component="form"
              noValidate
              onSubmit={verify}
              spacing={2}
              aria-label={t('account.twoStep.title')}
            >
              <Typography>{t('account.twoStep.scan')}</Typography>
              <Box
                component="img"
                src={setup.qr_data_url}
                alt={t('account.twoStep.qrAlt')}
                data-testid="two-step-qr"
                sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }}
              />
              <Typography variant="body2">{t('account.twoStep.secret')}</Typography>
              <Box
                component="code"
                data-testid="two-step-secret"
                sx={{ wordBreak: 'break-all', fontSize: 14 }}
              >
                {setup.secret}
              </Box>
              <FormTextField
                control={codeForm.control}
                name="code"
                label={t('account.twoStep.code')}
                autoComplete="one-time-code"
                htmlInput={{ inputMode: 'numeric', maxLength: 6, 'data-testid': 'two-step-code' }}
                sx={{ maxWidth: 240 }}
              />
              <Stack direction="row" spacing={1.5}>
                <Button
                  type="submit"
                  variant="contained"
                  loading={codeForm.formState.isSubmitting}
                  data-testid="two-step-verify"
                >
                  {t('account.twoStep.verify')}
                </Button>
                <Button color="inherit" onClick={() => setSetup(null)}>
                  {t('common.cancel')}
                </Button>
              </Stack>
            </Stack>
          ) : enabled ? (
            <Button
              variant="outlined"
              color="error"
              onClick={() => setDisableOpen(true)}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="two-step-disable"
            >
              {t('account.twoStep.disable')}
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={() => void start()}
              loading={starting}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="two-step-enable"
            >
              {t('account.twoStep.enable')}
            </Button>
          )}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={disableOpen}
        title={t('account.twoStep.disableTitle')}
        message={t('account.twoStep.disablePassword')}
        confirmLabel={t('account.twoStep.disable')}
        confirmColor="error"
        confirmDisabled={!password}
        onConfirm={disable}
        onClose={() => {
          setDisableOpen(false);
          setPassword('');
        }}
      >
        <PasswordField
          label={t('auth.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          fullWidth
          sx={{ mt: 2 }}
        />
      </ConfirmDialog>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: sessions, isLoading, isError, refetch } = useAccountSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirm, setConfirm] = useState<
    { kind: 'one'; session: AccountSession } | { kind: 'others' } | null
  >(null);
  const others = (sessions ?? []).filter((s) => !s.current).length;

  const run = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === 'others') {
        await revokeOthers.mutateAsync();
        toast.success(t('account.sessions.othersSignedOut'));
      } else if (confirm.session.current) {
        await signOut();
        void navigate('/login', { replace: true });
      } else {
        await revoke.mutateAsync(confirm.session.id);
        toast.success(t('account.sessions.signedOut'));
      }
      setConfirm(null);
    } catch {
      // reported by the HTTP client
    }
  };

  return (
    <Card>
      <CardHeader
        title={t('account.sessions.title')}
        subheader={t('account.sessions.description')}
        slotProps={cardTitle}
        action={
          <Button
            color="error"
            variant="outlined"
            disabled={others === 0}
            onClick={() => setConfirm({ kind: 'others' })}
            data-testid="sessions-sign-out-others"
          >
            {t('account.sessions.signOutOthers')}
          </Button>
        }
      />
      <TableContainer>
        <Table aria-label={t('account.sessions.title')} data-testid="sessions-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('account.sessions.device')}</TableCell>
              <TableCell>{t('account.sessions.address')}</TableCell>
              <TableCell>{t('account.sessions.started')}</TableCell>
              <TableCell>{t('account.sessions.lastUsed')}</TableCell>
              <TableCell>
                <Box
                  component="span"
                  sx={{
                    position: 'absolute',
                    width: 1,
                    height: 1,
                    overflow: 'hidden',
                    clip: 'rect(0 0 0 0)',
                  }}
                >
                  {t('account.sessions.signOut')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading &&
              [0, 1].map((i) => (
                <TableRow key={i}>
                  {[0, 1, 2, 3, 4].map((j) => (
                    <TableCell key={j}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {isError && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Alert
                    severity="error"
                    action={
                      <Button color="inherit" size="small" onClick={() => void refetch()}>
                        {t('common.retry')}
                      </Button>
                    }
                  >
                    {t('dataTable.error')}
                  </Alert>
                </TableCell>
              </TableRow>
            )}
            {(sessions ?? []).map((session) => (
              <TableRow key={session.id} data-current={session.current}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>
                      {describeUserAgent(session.user_agent) ?? t('account.sessions.unknownDevice')}
                    </span>
                    {session.current && (
                      <Chip size="small" color="primary" label={t('account.sessions.current')} />
                    )}
                  </Stack>
                </TableCell>
                <TableCell>{session.ip ?? '—'}</TableCell>
                <TableCell>{formatDateTime(session.created_at)}</TableCell>
                <TableCell>
                  {session.last_used_at ? formatDateTime(session.last_used_at) : '—'}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setConfirm({ kind: 'one', session })}
                  >
                    {t('account.sessions.signOut')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={confirm !== null}
        message={
          confirm?.kind === 'others'
            ? t('account.sessions.confirmOthers')
            : t('account.sessions.confirmOne')
        }
        confirmLabel={
          confirm?.kind === 'others'
            ? t('account.sessions.signOutOthers')
            : t('account.sessions.signOut')
        }
        confirmColor="error"
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
    </Card>
  );
}

export function SecurityTab() {
  return (
    <Stack spacing={3}>
      <ChangePasswordCard />
      <TwoStepCard />
      <SessionsCard />
    </Stack>
  );
}
