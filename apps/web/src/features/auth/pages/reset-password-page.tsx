import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { toast } from '../../../lib/toasts';
import { resetPassword, type ResetPasswordForm } from '../api';
import { AuthSubmit, BackToLogin } from '../components/auth-actions';
import { AuthForm, AuthMessage, AuthShell } from '../components/auth-shell';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword(values);
      toast.success(t('auth.reset.success'));
      void navigate('/login', { replace: true });
    } catch {
      // reported by the HTTP client
    }
  });

  return (
    <AuthShell title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      {!token ? (
        <>
          <AuthMessage severity="error" testId="reset-password-invalid">
            {t('auth.reset.missingToken')}
          </AuthMessage>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            {t('auth.reset.requestNew')}
          </Button>
        </>
      ) : (
        <AuthForm label={t('pages.resetPassword')} onSubmit={onSubmit}>
          <NewPasswordFields
            control={form.control}
            label={t('auth.reset.newPassword')}
            confirmLabel={t('auth.reset.confirmPassword')}
            helperText={t('auth.reset.hint')}
            autoFocus
          />
          <AuthSubmit busy={form.formState.isSubmitting}>{t('auth.reset.submit')}</AuthSubmit>
          <BackToLogin />
        </AuthForm>
      )}
    </AuthShell>
  );
}
