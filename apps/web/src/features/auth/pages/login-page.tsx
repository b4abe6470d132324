import { useState } from 'react';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { TextLink } from '../../../components/text-link';
import { HttpError } from '../../../lib/http/http-client';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { signIn } from '../../../lib/session/session-service';
import { AuthForm, AuthMessage, AuthShell } from '../components/auth-shell';
import { savePendingChallenge } from '../two-step-challenge';

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
      setError(e instanceof HttpError ? e.message : t('http.network'));
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
        <FormTextField
          control={form.control}
          name="username"
          label={t('auth.username')}
          autoComplete="username"
          autoFocus
          fullWidth
        />
        <FormTextField
          control={form.control}
          name="password"
          label={t('auth.password')}
          autoComplete="current-password"
          password
          fullWidth
        />
        <TextLink to="/forgot-password" align="end">
          {t('auth.login.forgot')}
        </TextLink>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={form.formState.isSubmitting}
          fullWidth
          data-testid="login-submit"
        >
          {t('auth.login.submit')}
        </Button>
      </AuthForm>
    </AuthShell>
  );
}
