import { useState } from 'react';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordRequest } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { http } from '../../../lib/http/http';
import { refusalMessage } from '../../../lib/form-errors';
import { HOME_PATH, keptTarget } from '../../../lib/route-guard';
import { refreshSession, signOut } from '../../../lib/session/session-service';
import { useSessionUser } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toasts';
import { useChangePasswordStrings } from '../change-password-i18n';
import { AuthSubmit } from '../components/auth-actions';
import { AuthForm, AuthMessage, AuthShell } from '../components/auth-shell';
import { CurrentPasswordField } from '../../../components/credential-fields';

/**
 * /change-password: after signing in with a temporary password (must_change_password), the user
 * chooses their own before any other page loads (the signed-in frames send them here). Then the
 * session is refreshed, which clears the flag, and they go on to the page they asked for.
 */
export function ChangePasswordPage() {
  const { t, ts } = useChangePasswordStrings();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useSessionUser();
  const next = keptTarget(`?${params.toString()}`) ?? HOME_PATH;
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { old_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await http.post<unknown>('/changepassword', values, { errorToast: 'silent' });
      await refreshSession();
      toast.success(t('changed'));
      void navigate(next, { replace: true });
    } catch (e) {
      setError(refusalMessage(e, ts('http.network')));
    }
  });

  // Nothing to change (or already changed in another tab): go on.
  if (!user?.must_change_password && !form.formState.isSubmitting) {
    return <Navigate to={next} replace />;
  }

  return (
    <AuthShell title={t('title')} subtitle={t('subtitle')}>
      <AuthForm label={t('title')} onSubmit={onSubmit}>
        {error && (
          <AuthMessage severity="error" testId="change-password-error">
            {error}
          </AuthMessage>
        )}
        <CurrentPasswordField
          control={form.control}
          name="old_password"
          label={t('temporary')}
          autoFocus
        />
        <NewPasswordFields
          control={form.control}
          label={ts('auth.reset.newPassword')}
          confirmLabel={ts('auth.reset.confirmPassword')}
          helperText={ts('auth.reset.hint')}
        />
        <AuthSubmit busy={form.formState.isSubmitting} testId="forced-change-password-submit">
          {t('submit')}
        </AuthSubmit>
        <Button
          color="inherit"
          onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}
        >
          {t('signOut')}
        </Button>
      </AuthForm>
    </AuthShell>
  );
}
