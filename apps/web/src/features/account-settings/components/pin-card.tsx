import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PinStatus, type SetPinInput, setPinSchema } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { approvalKeys, clearPin, getPinStatus, setPin } from '../../../components/approval/api';
import { useApprovalStrings } from '../../../components/approval/i18n';
import { cardTitle } from '../../../components/card-title';
import { CurrentPasswordField } from '../../../components/credential-fields';
import { FormTextField } from '../../../components/form-text-field';
import { RetryAlert } from '../../../components/retry-alert';
import { formatDateTime } from '../../../lib/formatters';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useSessionUser } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toasts';
import { CardForm } from './card-form';
import { errorText } from '../../../lib/form-errors';

// One's approval PIN (docs/decisions/055): a manager types it on a cashier's screen to approve a
// till action. Set or changed with the password (which also unlocks a locked PIN), or removed.
// A platform user outside any business has no PIN and sees no card.

const pinInput = { inputMode: 'numeric', maxLength: 6, autoComplete: 'off' } as const;

function PinStatusLine({ status }: { status: PinStatus }) {
  const { t } = useApprovalStrings();
  if (status.locked) {
    return (
      <Alert severity="warning" data-testid="pin-status" data-status="locked">
        {t('settings.status.locked')}
      </Alert>
    );
  }
  return (
    <Typography
      data-testid="pin-status"
      data-status={status.has_pin ? 'set' : 'none'}
      color={status.has_pin ? 'success.main' : 'text.secondary'}
    >
      {status.has_pin
        ? t('settings.status.set', { date: status.set_at ? formatDateTime(status.set_at) : '' })
        : t('settings.status.none')}
    </Typography>
  );
}

export function PinCard() {
  const user = useSessionUser();
  if (!user?.tenant_id) return null;
  return <PinCardBody />;
}

function PinCardBody() {
  const { t } = useApprovalStrings();
  const { t: common } = useTranslation();
  const client = useQueryClient();
  const status = useQuery({ queryKey: approvalKeys.pin, queryFn: getPinStatus });
  const form = useForm<SetPinInput>({
    resolver: zodResolver(setPinSchema),
    defaultValues: { pin: '', pin_confirm: '', old_password: '' },
  });
  const remove = useMutation({
    mutationFn: clearPin,
    onSuccess: (next) => {
      client.setQueryData(approvalKeys.pin, next);
      toast.success(t('settings.removed'));
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      client.setQueryData(approvalKeys.pin, await setPin(values));
      form.reset();
      toast.success(t('settings.saved'));
    } catch (error) {
      // Sent silently: the password's or the PIN's fault is said on the form.
      const message = errorText(error);
      form.setError('old_password', { message });
    }
  });

  return (
    <Card data-testid="pin-card">
      <CardHeader title={t('settings.title')} slotProps={cardTitle} />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('settings.intro')}
          </Typography>
          {status.isLoading && <Skeleton width={240} />}
          {status.isError && (
            <RetryAlert onRetry={() => void status.refetch()}>
              {common('dataTable.error')}
            </RetryAlert>
          )}
          {status.data && <PinStatusLine status={status.data} />}
          <CardForm
            label={t('settings.title')}
            onSubmit={onSubmit}
            busy={form.formState.isSubmitting}
            submitLabel={t('settings.save')}
            submitTestId="pin-save"
          >
            <FormTextField
              control={form.control}
              name="pin"
              label={t('settings.pin')}
              password
              cell={{ xs: 12, md: 6 }}
              htmlInput={{ ...pinInput, 'data-testid': 'pin-new' }}
            />
            <FormTextField
              control={form.control}
              name="pin_confirm"
              label={t('settings.confirm')}
              password
              cell={{ xs: 12, md: 6 }}
              htmlInput={{ ...pinInput, 'data-testid': 'pin-confirm' }}
            />
            <CurrentPasswordField
              control={form.control}
              name="old_password"
              label={t('settings.password')}
              cell={{ xs: 12, md: 6 }}
            />
          </CardForm>
          {status.data?.has_pin && (
            <div>
              <Button
                color="error"
                variant="outlined"
                loading={remove.isPending}
                onClick={() => remove.mutate()}
                data-testid="pin-remove"
              >
                {t('settings.remove')}
              </Button>
            </div>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
