import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { requestPasswordReset, type ForgotPasswordForm } from '../api';
import { AuthSubmit, BackToLogin } from '../components/auth-actions';
import { AuthForm, AuthMessage, AuthShell } from '../components/auth-shell';
import { UsernameField } from '../../../components/credential-fields';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { username: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values);
      setSent(true);
    } catch {
      // reported by the HTTP client
    }
  });

  return (
    <AuthShell title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <AuthForm label={t('pages.forgotPassword')} onSubmit={onSubmit}>
        {sent && (
          <AuthMessage severity="success" testId="forgot-password-sent">
            {t('auth.forgot.sent')}
          </AuthMessage>
        )}
        <UsernameField control={form.control} />
        <AuthSubmit busy={form.formState.isSubmitting} testId="forgot-password-submit">
          {t('auth.forgot.submit')}
        </AuthSubmit>
        <BackToLogin />
      </AuthForm>
    </AuthShell>
  );
}
