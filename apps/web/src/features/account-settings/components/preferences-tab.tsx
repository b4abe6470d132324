import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { messageKey } from '@kopi/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { z } from 'zod';
import { LayoutSettingsForm } from '../../../components/customizer/layout-settings-form';
import { translateValidation } from '../../../lib/i18n/i18n';
import { updateSettings, useSettings } from '../../../lib/settings/settings-store';
import { cardTitle } from '../../../components/card-title';

// Same bounds as the contract's idleLockMinutes (1–240), with the SPEC §5 messages.
export const idleMinutesSchema = z.coerce
  .number({ error: messageKey('integer') })
  .int({ error: messageKey('integer') })
  .min(1, { error: messageKey('min_value', { min: 1 }) })
  .max(240, { error: messageKey('max_value', { max: 240 }) });

function IdleLockField() {
  const { t } = useTranslation();
  const { idleLockMinutes } = useSettings();
  const [text, setText] = useState(String(idleLockMinutes));
  const [error, setError] = useState<string | null>(null);
  return (
    <TextField
      label={t('account.preferences.idleLock')}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const parsed = idleMinutesSchema.safeParse(
          e.target.value.trim() === '' ? undefined : e.target.value,
        );
        if (e.target.value.trim() === '') {
          setError(messageKey('required'));
        } else if (parsed.success) {
          setError(null);
          updateSettings({ idleLockMinutes: parsed.data });
        } else {
          setError(parsed.error.issues[0]?.message ?? messageKey('invalid'));
        }
      }}
      error={Boolean(error)}
      helperText={error ? translateValidation(error) : t('account.preferences.idleLockHelp')}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'data-testid': 'idle-lock-minutes' },
        input: {
          endAdornment: <InputAdornment position="end">{t('common.minutes')}</InputAdornment>,
        },
      }}
      sx={{ maxWidth: 320 }}
    />
  );
}

export function PreferencesTab() {
  const { t } = useTranslation();
  const { newOrderSound } = useSettings();
  return (
    <Stack spacing={3}>
      <Card>
        <CardHeader title={t('account.preferences.title')} slotProps={cardTitle} />
        <CardContent>
          <Stack spacing={2.5}>
            <IdleLockField />
            <FormControlLabel
              control={
                <Switch
                  checked={newOrderSound}
                  onChange={(e) => updateSettings({ newOrderSound: e.target.checked })}
                />
              }
              label={t('account.preferences.newOrderSound')}
            />
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title={t('account.preferences.layoutTitle')} slotProps={cardTitle} />
        <CardContent>
          <LayoutSettingsForm idPrefix="preferences" />
        </CardContent>
      </Card>
    </Stack>
  );
}
