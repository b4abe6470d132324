import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePasswordRequest } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { toast } from '../../../lib/toasts';
import { changePassword } from '../api';
import { cardTitle } from '../../../components/card-title';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { CardForm } from './card-form';
import { CurrentPasswordField } from '../../../components/credential-fields';

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
        <CardForm
          label={t('account.password.title')}
          onSubmit={onSubmit}
          busy={form.formState.isSubmitting}
          submitLabel={t('account.password.submit')}
          submitTestId="change-password-submit"
        >
          <CurrentPasswordField
            control={form.control}
            name="old_password"
            label={t('account.password.current')}
            cell={{ xs: 12, md: 6 }}
          />
          <Grid size={{ xs: 12, md: 6 }} sx={{ display: { xs: 'none', md: 'block' } }} />
          <NewPasswordFields
            control={form.control}
            label={t('account.password.new')}
            confirmLabel={t('account.password.confirm')}
            wrap={(field) => <Grid size={{ xs: 12, md: 6 }}>{field}</Grid>}
          />
          <Grid size={12}>
            <Typography variant="body2" color="text.secondary">
              {t('account.password.hint')}
            </Typography>
          </Grid>
        </CardForm>
      </CardContent>
    </Card>
  );
}
