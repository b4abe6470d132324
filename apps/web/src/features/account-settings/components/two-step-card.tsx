import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoStepEnableSchema } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { PasswordField } from '../../../components/password-field';
import { updateSessionUser, useSessionUser } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toasts';
import { disableTwoStep, enableTwoStep, setupTwoStep, type TwoStepSetup } from '../api';
import { cardTitle } from '../../../components/card-title';

export function TwoStepCard() {
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
