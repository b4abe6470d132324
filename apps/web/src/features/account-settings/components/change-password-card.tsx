import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordRequest } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { FormTextField } from '../../../components/form-text-field';
import { toast } from '../../../lib/toasts';
import { changePassword } from '../api';
import { cardTitle } from '../../../components/card-title';

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { old_password: '', password: '', password_confirmation: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword(values);
      form.reset();
      toast.success(t('account.password.changed'));
    } catch {
      // reported by the HTTP client (e.g. "The current password is incorrect")
    }
  });
  return (
    <Card>
      <CardHeader title={t('account.password.title')} slotProps={cardTitle} />
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label={t('account.password.title')}>
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={form.control}
                name="old_password"
                label={t('account.password.current')}
                autoComplete="current-password"
                password
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }} sx={{ display: { xs: 'none', md: 'block' } }} />
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={form.control}
                name="password"
                label={t('account.password.new')}
                autoComplete="new-password"
                password
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormTextField
                control={form.control}
                name="password_confirmation"
                label={t('account.password.confirm')}
                autoComplete="new-password"
                password
                fullWidth
              />
            </Grid>
            <Grid size={12}>
              <Typography variant="body2" color="text.secondary">
                {t('account.password.hint')}
              </Typography>
            </Grid>
            <Grid size={12}>
              <Button
                type="submit"
                variant="contained"
                loading={form.formState.isSubmitting}
                data-testid="change-password-submit"
              >
                {t('account.password.submit')}
              </Button>
            </Grid>
          </Grid>
        </form>
      </CardContent>
    </Card>
  );
}
