import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { campaignAudienceKinds, parsePhoneList } from '@kopi/contract';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { CellController, halfCell } from '../../../components/form-binding';
import { FormNumberField, FormSelectField } from '../../../components/form-fields';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useTiers } from '../api';
import type { CampaignFormValues } from '../campaign-input';
import { useCampaignStrings } from '../i18n';
import { FormSectionTitle } from '../../../components/form-section-title';

/** Invalid line numbers as a short list: the first ten, then "…". */
export const lineList = (lines: number[]) =>
  lines.length > 10 ? `${lines.slice(0, 10).join(', ')}, …` : lines.join(', ');

/**
 * Who a campaign reaches: the kind of audience, then what that kind needs: a tier, a number of
 * days, a note on the birthday month, or a list of phones pasted or uploaded as CSV (the lines
 * that are not phones are named).
 */
export function AudienceFields({
  control,
  setValue,
  timeZone,
}: {
  control: Control<CampaignFormValues>;
  setValue: UseFormSetValue<CampaignFormValues>;
  timeZone: string;
}) {
  const { t } = useCampaignStrings();
  const kind = useWatch({ control, name: 'audience_kind' });
  const tiers = useTiers(kind === 'tier');
  return (
    <>
      <FormSectionTitle title={t('form.audience')} />
      <FormSelectField
        cell={halfCell}
        name="audience_kind"
        label={t('form.audienceKind')}
        testId="campaign-audience-kind"
        options={campaignAudienceKinds.map((k) => ({ value: k, label: t(`audience.${k}`) }))}
        onValueChange={() => {
          setValue('audience_tier_id', null);
          setValue('audience_days', null);
        }}
      />
      {kind === 'tier' && (
        <FormSelectField
          cell={halfCell}
          name="audience_tier_id"
          label={t('form.tier')}
          testId="campaign-tier"
          emptyLabel="—"
          options={(tiers.data ?? []).map((tier) => ({ value: tier.id, label: tier.name_en }))}
        />
      )}
      {(kind === 'new_customers' || kind === 'inactive') && (
        <FormNumberField
          cell={halfCell}
          name="audience_days"
          label={t('form.days')}
          helperText={kind === 'inactive' ? t('form.inactiveDaysHint') : t('form.newDaysHint')}
          step={1}
        />
      )}
      {kind === 'birthday_month' && (
        <Grid size={halfCell} sx={{ alignSelf: 'center' }}>
          <FormHelperText data-testid="campaign-birthday-note">
            {t('form.birthdayNote', { zone: timeZone })}
          </FormHelperText>
        </Grid>
      )}
      {kind === 'phone_list' && <PhoneListField />}
    </>
  );
}

/** The phone list as text: typed, pasted, or read from an uploaded CSV file. */
function PhoneListField() {
  const { t } = useCampaignStrings();
  return (
    <CellController<CampaignFormValues>
      name="phone_text"
      cell={12}
      render={({ field, fieldState }) => {
        const value = (field.value as string | undefined) ?? '';
        const read = parsePhoneList(value);
        const problem =
          read.invalidLines.length > 0
            ? t('form.invalidLines', {
                count: read.invalidLines.length,
                lines: lineList(read.invalidLines),
              })
            : null;
        return (
          <Stack spacing={1}>
            <TextField
              fullWidth
              multiline
              minRows={4}
              maxRows={12}
              label={t('form.phones')}
              value={value}
              inputRef={field.ref}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error) || problem !== null}
              helperText={
                translateValidation(fieldState.error?.message) ?? problem ?? t('form.phonesHint')
              }
              slotProps={{
                htmlInput: { 'data-testid': 'campaign-phones' },
                formHelperText: { id: 'campaign-phones-help' } as object,
              }}
            />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button
                component="label"
                variant="outlined"
                size="small"
                startIcon={<UploadFileOutlined />}
              >
                {t('form.upload')}
                <input
                  hidden
                  type="file"
                  accept=".csv,.txt,text/csv,text/plain"
                  data-testid="campaign-phones-file"
                  onChange={async (e) => {
                    const file = e.target.files?.[0];
                    if (file) field.onChange(await file.text());
                    e.target.value = '';
                  }}
                />
              </Button>
              <Typography variant="body2" color="text.secondary" data-testid="campaign-phones-read">
                {t('form.phonesRead', { count: read.phones.length })}
              </Typography>
            </Stack>
          </Stack>
        );
      }}
    />
  );
}
