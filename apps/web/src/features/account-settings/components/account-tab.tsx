import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { locales, profileUpdateSchema, type Locale } from '@kopi/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useFilePicker } from '../../../components/file-picker';
import { FormTextField } from '../../../components/form-text-field';
import { initials } from '../../../lib/formatters';
import { i18n } from '../../../lib/i18n/i18n';
import { updateSessionUser, useSession } from '../../../lib/session/session-store';
import { updateSettings, useSettings } from '../../../lib/settings/settings-store';
import { toast } from '../../../lib/toasts';
import { updateProfile, uploadAvatar } from '../api';
import { cardTitle } from '../../../components/card-title';
import { CardForm } from './card-form';
import { useRoleTexts } from '../../../lib/role-texts';

/** Half the card's width from md up. */
const profileCell = { xs: 12, md: 6 };

const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const profileFormSchema = profileUpdateSchema.pick({ fullname: true, email: true });
type ProfileForm = { fullname: string; email?: string };

function ProfileCard() {
  const { t } = useTranslation();
  const { user, roleName } = useSession();
  const roleTexts = useRoleTexts();
  const { 'color-scheme': _resolved, ...settings } = useSettings();
  const [uploading, setUploading] = useState(false);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { fullname: user?.fullname ?? '', email: user?.email ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!user) return;
    try {
      // The server strips is_verify, kyc_*, language, otp and password (SPEC §5); none are sent.
      await updateProfile(user.id, {
        fullname: values.fullname,
        email: values.email ?? '',
        settings,
      });
      updateSessionUser({ fullname: values.fullname, email: values.email || null });
      toast.success(t('account.profile.saved'));
    } catch {
      // reported by the HTTP client
    }
  });

  const onFile = async (file: File) => {
    if (!AVATAR_TYPES.includes(file.type)) return void toast.error(t('account.profile.wrongType'));
    if (file.size > MAX_AVATAR_BYTES) return void toast.error(t('account.profile.tooLarge'));
    setUploading(true);
    try {
      const { avatar } = await uploadAvatar(file);
      updateSessionUser({ avatar });
      toast.success(t('account.profile.uploaded'));
    } catch {
      // reported by the HTTP client
    } finally {
      setUploading(false);
    }
  };
  const picker = useFilePicker({
    accept: AVATAR_TYPES.join(','),
    label: t('account.profile.upload'),
    testId: 'avatar-input',
    onFile: (file) => void onFile(file),
  });

  return (
    <Card>
      <CardHeader title={t('account.profile.title')} slotProps={cardTitle} />
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Avatar
            src={user?.avatar ?? undefined}
            alt={t('account.profile.avatarAlt', { name: user?.fullname ?? '' })}
            variant="rounded"
            sx={{
              width: 100,
              height: 100,
              fontSize: 36,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
            data-testid="account-avatar"
          >
            {initials(user?.fullname)}
          </Avatar>
          <Stack spacing={1}>
            <Button
              variant="contained"
              startIcon={<UploadOutlined />}
              loading={uploading}
              onClick={picker.open}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('account.profile.upload')}
            </Button>
            {picker.input}
            <Typography variant="body2" color="text.secondary">
              {t('account.profile.uploadHint')}
            </Typography>
          </Stack>
        </Stack>
      </CardContent>
      <Divider />
      <CardContent>
        <CardForm
          label={t('account.profile.title')}
          onSubmit={onSubmit}
          busy={form.formState.isSubmitting}
          submitLabel={t('common.saveChanges')}
          submitTestId="profile-save"
        >
          <FormTextField
            cell={profileCell}
            control={form.control}
            name="fullname"
            label={t('account.profile.fullname')}
            autoComplete="name"
          />
          <FormTextField
            cell={profileCell}
            control={form.control}
            name="email"
            type="email"
            label={t('account.profile.email')}
            autoComplete="email"
          />
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={t('account.profile.username')}
              value={user?.username ?? ''}
              fullWidth
              disabled
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={t('account.profile.role')}
              value={roleName ? roleTexts.name(roleName) : ''}
              fullWidth
              disabled
            />
          </Grid>
        </CardForm>
      </CardContent>
    </Card>
  );
}

function LanguageCard() {
  const { t } = useTranslation();
  const { language } = useSettings();
  return (
    <Card>
      <CardHeader title={t('account.language.title')} slotProps={cardTitle} />
      <CardContent>
        <TextField
          select
          label={t('account.language.label')}
          value={language}
          onChange={(e) => {
            const next = e.target.value as Locale;
            updateSettings({ language: next });
            toast.success(i18n.t('account.language.saved', { lng: next }));
          }}
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'account-language' } }}
        >
          {locales.map((locale) => (
            <MenuItem key={locale} value={locale}>
              {t(`languages.${locale}`, { lng: locale })}
            </MenuItem>
          ))}
        </TextField>
      </CardContent>
    </Card>
  );
}

export function AccountTab() {
  return (
    <Stack spacing={3}>
      <ProfileCard />
      <LanguageCard />
    </Stack>
  );
}
