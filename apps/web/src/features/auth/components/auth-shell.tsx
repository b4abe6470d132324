import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { locales } from '@kopi/contract/values';
import { AppLogo } from '../../../components/app-logo';
import { documentLanguage } from '../../../lib/i18n/i18n';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { updateSettings, useSetting } from '../../../lib/settings/settings-store';

/**
 * English / Melayu before signing in, each name in its own language. Plain buttons: the navbar's
 * menu would add MUI's Menu and Popover to the sign-in page's budget.
 */
function LanguageChoice() {
  const { t } = useTranslation();
  const language = useSetting('language');
  return (
    <Box
      role="group"
      aria-label={t('auth.language')}
      data-testid="auth-language"
      sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, mb: -2 }}
    >
      {locales.map((locale) => (
        <Button
          key={locale}
          size="small"
          lang={documentLanguage(locale)}
          aria-pressed={locale === language}
          color={locale === language ? 'primary' : 'inherit'}
          data-testid={`auth-language-${locale}`}
          onClick={() => updateSettings({ language: locale })}
        >
          {t(`languages.${locale}`, { lng: locale })}
        </Button>
      ))}
    </Box>
  );
}

/** The whole window, its content in the middle: the frame of the sign-in and lock pages. */
export const centredPage = {
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/** The centred card the sign-in pages share, with the brand and a page heading. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        ...centredPage,
        p: { xs: 2, sm: 4 },
        background: (theme) =>
          `radial-gradient(circle at 20% 20%, ${theme.palette.primary.main}33, transparent 45%), radial-gradient(circle at 80% 90%, ${theme.palette.primary.main}22, transparent 40%)`,
      }}
    >
      <Paper
        elevation={3}
        sx={{
          width: '100%',
          maxWidth: 460,
          p: { xs: 3, sm: 5 },
          display: 'flex',
          flexDirection: 'column',
          gap: 3,
        }}
      >
        <LanguageChoice />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <AppLogo size={40} />
          <Typography variant="body2" color="text.secondary">
            {t('auth.brandTagline')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
      </Paper>
    </Box>
  );
}

/** The form column of the sign-in pages. */
export function AuthForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      {children}
    </Box>
  );
}

/** A message on a sign-in page (an error from the server, a confirmation). */
export function AuthMessage({
  severity,
  children,
  testId,
}: {
  severity: 'error' | 'success' | 'warning';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Typography
      role={severity === 'success' ? 'status' : 'alert'}
      data-testid={testId}
      sx={{
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: `${severity}.main`,
        color: 'text.primary',
        bgcolor: (theme) => `${theme.palette[severity].main}14`,
        borderInlineStartWidth: 4,
      }}
    >
      {children}
    </Typography>
  );
}
