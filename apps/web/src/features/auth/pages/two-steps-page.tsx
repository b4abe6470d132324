import { useMemo, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { twoStepEnableSchema, twoStepVerifySchema } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link as RouterLink, useLocation } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { verifyTwoStep } from '../../../lib/session/session-service';
import { AuthSubmit, BackToLogin } from '../components/auth-actions';
import { AuthForm, AuthMessage, AuthShell } from '../components/auth-shell';
import { clearPendingChallenge, readPendingChallenge } from '../two-step-challenge';

const appCodeSchema = twoStepEnableSchema;
const recoveryCodeSchema = twoStepVerifySchema.pick({ code: true });

export function TwoStepsPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const challenge = useMemo(() => readPendingChallenge(), []);
  const [useRecovery, setUseRecovery] = useState(false);
  // The resolver reads the mode at validation time (6-digit app code or a recovery code).
  const recoveryMode = useRef(false);
  const form = useForm<{ code: string }>({
    resolver: (values, context, options) =>
      zodResolver(recoveryMode.current ? recoveryCodeSchema : appCodeSchema)(
        values,
        context,
        options,
      ),
    defaultValues: { code: '' },
  });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    if (!challenge) return;
    try {
      await verifyTwoStep(challenge.challengeToken, code.replace(/\s+/g, ''));
      clearPendingChallenge();
      // Signed in: the signed-out-only guard moves on to the kept page or the dashboard.
    } catch {
      form.setValue('code', '');
    }
  });

  if (!challenge) {
    return (
      <AuthShell title={t('auth.twoSteps.title')}>
        <AuthMessage severity="warning" testId="two-steps-expired">
          {t('auth.twoSteps.expired')}
        </AuthMessage>
        <Button component={RouterLink} to={`/login${search}`} variant="contained">
          {t('common.backToLogin')}
        </Button>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t('auth.twoSteps.title')}
      subtitle={useRecovery ? t('auth.twoSteps.recoverySubtitle') : t('auth.twoSteps.subtitle')}
    >
      <AuthForm label={t('pages.twoSteps')} onSubmit={onSubmit}>
        <FormTextField
          key={useRecovery ? 'recovery' : 'app'}
          control={form.control}
          name="code"
          label={useRecovery ? t('auth.twoSteps.recoveryCode') : t('auth.twoSteps.code')}
          autoComplete="one-time-code"
          htmlInput={
            useRecovery
              ? { spellCheck: false, autoCapitalize: 'none', 'data-testid': 'two-steps-code' }
              : { inputMode: 'numeric', maxLength: 6, 'data-testid': 'two-steps-code' }
          }
          autoFocus
          fullWidth
        />
        <AuthSubmit busy={form.formState.isSubmitting}>{t('auth.twoSteps.submit')}</AuthSubmit>
        <Button
          variant="text"
          onClick={() => {
            recoveryMode.current = !useRecovery;
            setUseRecovery(!useRecovery);
            form.reset({ code: '' });
          }}
          sx={{ alignSelf: 'center' }}
          data-testid="two-steps-toggle"
        >
          {useRecovery ? t('auth.twoSteps.useApp') : t('auth.twoSteps.useRecovery')}
        </Button>
        <BackToLogin to={`/login${challenge.search}`} onClick={clearPendingChallenge} />
      </AuthForm>
    </AuthShell>
  );
}
