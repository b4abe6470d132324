import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Person from '@mui/icons-material/Person';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { currentPasswordSchema } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { HttpError } from '../lib/http/http-client';
import { unlockSession, unlockWithCode } from '../lib/session/session-runtime';
import { toast } from '../lib/toasts';
import { signOut } from '../lib/session/session-service';
import { useIsLocked, useSessionUser } from '../lib/session/session-store';
import { FormTextField } from './form-text-field';
import { CurrentPasswordField } from './credential-fields';

// SPEC §5: the lock screen password is required, and no longer than a sign-in takes.
const unlockSchema = z.object({
  password: currentPasswordSchema,
  code: z.string(),
});
type UnlockForm = z.infer<typeof unlockSchema>;

export const LOCK_CARD_MAX_WIDTH = 460;

/** Avatar (or a user icon), full name, password with show/hide and Unlock (SPEC §2). */
export function LockCard({
  onUnlocked,
  headingLevel = 'h2',
  locked = true,
}: {
  onUnlocked?: () => void;
  headingLevel?: 'h1' | 'h2';
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [challenge, setChallenge] = useState<string | null>(null);
  const form = useForm<UnlockForm>({
    resolver: zodResolver(unlockSchema),
    defaultValues: { password: '', code: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password, code }) => {
    try {
      if (challenge) {
        await unlockWithCode(challenge, code.replace(/\s+/g, ''));
      } else {
        const result = await unlockSession(password);
        if (result.kind === 'two-step') {
          setChallenge(result.challengeToken);
          return;
        }
      }
      form.reset();
      setChallenge(null);
      onUnlocked?.();
    } catch (error) {
      // The code's refusal was reported by the HTTP client; the password's is told here: a wrong
      // one is the field's error (only a password was typed), anything else a toast.
      if (challenge || !(error instanceof Error)) return;
      if (error instanceof HttpError && error.codeMessage === 'invalid_credentials') {
        form.setError('password', { message: t('auth.lock.wrongPassword') }, { shouldFocus: true });
      } else {
        toast.error(error.message);
      }
    }
  });

  return (
    <Card sx={{ width: '100%', maxWidth: LOCK_CARD_MAX_WIDTH }} data-testid="lock-card">
      <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack
          component="form"
          noValidate
          spacing={2.5}
          onSubmit={onSubmit}
          sx={{ alignItems: 'center', textAlign: 'center' }}
        >
          <Box sx={{ position: 'relative' }}>
            <Avatar
              src={user?.avatar ?? undefined}
              alt={user?.fullname ?? ''}
              sx={{ width: 88, height: 88, bgcolor: 'primary.main', color: 'primary.contrastText' }}
            >
              <Person sx={{ fontSize: 48 }} />
            </Avatar>
            <Avatar
              sx={{
                position: 'absolute',
                right: -4,
                bottom: -4,
                width: 32,
                height: 32,
                bgcolor: 'background.paper',
                color: 'text.primary',
                border: 1,
                borderColor: 'divider',
              }}
            >
              <LockOutlined fontSize="small" />
            </Avatar>
          </Box>
          <Stack spacing={0.5}>
            <Typography variant="h4" component={headingLevel} id="lock-screen-title">
              {user?.fullname ?? t('auth.lock.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {challenge ? t('auth.lock.codeHint') : t('auth.lock.subtitle')}
            </Typography>
          </Stack>
          {challenge ? (
            <FormTextField
              control={form.control}
              name="code"
              label={t('auth.twoSteps.code')}
              autoComplete="one-time-code"
              htmlInput={{ inputMode: 'numeric' }}
              autoFocus
              fullWidth
            />
          ) : (
            <CurrentPasswordField control={form.control} name="password" autoFocus={locked} />
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={form.formState.isSubmitting}
          >
            {t('auth.lock.submit')}
          </Button>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              void signOut().then(() => navigate('/login', { replace: true }));
            }}
          >
            {t('auth.lock.notYou')}
          </Link>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The full-screen, persistent dialog over the default layout whenever the session is locked. */
export function LockScreenDialog() {
  const locked = useIsLocked();
  return (
    <Dialog
      open={locked}
      fullScreen
      // Persistent: neither Escape nor a backdrop click closes it; only unlocking does.
      onClose={() => undefined}
      aria-labelledby="lock-screen-title"
      data-testid="lock-screen"
      slotProps={{
        paper: {
          sx: {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: 2,
            bgcolor: (theme) =>
              theme.palette.mode === 'light' ? 'rgba(246,245,241,0.96)' : 'rgba(30,35,32,0.96)',
            backdropFilter: 'blur(6px)',
          },
        },
      }}
    >
      <LockCard locked={locked} />
    </Dialog>
  );
}
