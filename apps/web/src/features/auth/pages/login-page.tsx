import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { TextLink } from '../../../components/text-link';
import { refusalMessage } from '../../../lib/form-errors';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { signIn } from '../../../lib/session/session-service';
import { AuthSubmit } from '../components/auth-actions';
import { AuthForm, AuthMessage, AuthShell } from '../components/auth-shell';
import { savePendingChallenge } from '../two-step-challenge';
import { CurrentPasswordField, UsernameField } from '../../../components/credential-fields';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const result = await signIn(values.username, values.password);
      if (result.kind === 'two-step') {
        savePendingChallenge({ challengeToken: result.challengeToken, search });
        void navigate(`/two-steps${search}`);
      }
      // Signed in: the signed-out-only guard moves on to the kept page or the dashboard.
    } catch (e) {
      setError(refusalMessage(e, t('http.network')));
    }
  });

  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <AuthForm label={t('pages.login')} onSubmit={onSubmit}>
        {error && (
          <AuthMessage severity="error" testId="login-error">
            {error}
          </AuthMessage>
        )}
        <UsernameField control={form.control} />
        <CurrentPasswordField control={form.control} name="password" />
        <TextLink to="/forgot-password" align="end">
          {t('auth.login.forgot')}
        </TextLink>
        <AuthSubmit busy={form.formState.isSubmitting} testId="login-submit">
          {t('auth.login.submit')}
        </AuthSubmit>
      </AuthForm>
    </AuthShell>
  );
}
