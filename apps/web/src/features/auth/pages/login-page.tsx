import { useEffect, useState, type FormEvent } from 'react';
import type { LoginRequest } from '@kopi/contract';
import { useLocation, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { TextInput } from '../../../components/text-input';
import { TextLink } from '../../../components/text-link';
import { refusalMessage } from '../../../lib/form-errors';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { signIn } from '../../../lib/session/session-service';
import { AuthSubmit } from '../components/auth-actions';
import { AuthForm, AuthMessage, AuthShell } from '../components/auth-shell';
import { savePendingChallenge } from '../two-step-challenge';

// The first page most people load, so it stays small (apps/web/scripts/initial-js.mjs budget):
// two plain inputs in React state rather than react-hook-form, and the contract's rules (zod)
// loaded once the page shows, well before anyone can submit.
const loadValidation = () => import('../login-validation');

type Field = keyof LoginRequest;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadValidation().catch(() => undefined);
  }, []);

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
    },
    error: Boolean(fieldErrors[field]),
    helperText: translateValidation(fieldErrors[field]),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const checked = (await loadValidation()).validateLogin(values);
      if (!checked.ok) {
        setFieldErrors(checked.errors);
        return;
      }
      setFieldErrors({});
      const result = await signIn(checked.request.username, checked.request.password);
      if (result.kind === 'two-step') {
        savePendingChallenge({ challengeToken: result.challengeToken, search });
        void navigate(`/two-steps${search}`);
      }
      // Signed in: the signed-out-only guard moves on to the kept page or the dashboard.
    } catch (e) {
      setError(refusalMessage(e, t('http.network')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <AuthForm label={t('pages.login')} onSubmit={(event) => void onSubmit(event)}>
        {error && (
          <AuthMessage severity="error" testId="login-error">
            {error}
          </AuthMessage>
        )}
        <TextInput
          {...bind('username')}
          label={t('auth.username')}
          autoComplete="username"
          autoFocus
          fullWidth
        />
        <PasswordField
          {...bind('password')}
          label={t('auth.password')}
          autoComplete="current-password"
          fullWidth
        />
        <TextLink to="/forgot-password" align="end">
          {t('auth.login.forgot')}
        </TextLink>
        <AuthSubmit busy={busy} testId="login-submit">
          {t('auth.login.submit')}
        </AuthSubmit>
      </AuthForm>
    </AuthShell>
  );
}
