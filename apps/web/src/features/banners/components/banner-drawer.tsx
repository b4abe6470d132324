import { useState } from 'react';
import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import { bannerInputSchema, type Banner, type BannerInput } from '@kopi/contract';
import { useWatch } from 'react-hook-form';
import { NamedEntityDrawer } from '../../../components/entity-drawer/named-entity-drawer';
import { useEntityForm } from '../../../components/entity-drawer/use-entity-form';
import { FormOutletsField, FormSwitchField } from '../../../components/form-fields';
import { useOutletChoices } from '../api';
import { bannerValuesOf, blankBanner, type BannerFormValues } from '../banner-input';
import { useBannerStrings } from '../i18n';
import { PictureField } from './picture-field';
import { InstantField } from '../../../components/instant-field';
import { TargetFields } from './target-fields';
import { FormSectionTitle } from '../../../components/form-section-title';
import { useLocalizedName } from '../../../lib/localized-name';

const fields = [
  'title_en',
  'title_my',
  'target_type',
  'target_id',
  'target_url',
  'starts_at',
  'ends_at',
  'all_outlets',
  'outlet_ids',
  'status',
] as const;

/**
 * Create or edit a banner in a side drawer: titles, picture, what a tap opens, schedule, outlets
 * and status. The chosen picture is handed to `onSubmit` with the values; it is uploaded once the
 * banner is saved.
 */
export function BannerDrawer({
  open,
  banner,
  timeZone,
  mayUpload,
  onClose,
  onSubmit,
}: {
  open: boolean;
  banner: Banner | null;
  timeZone: string;
  mayUpload: boolean;
  onClose: () => void;
  onSubmit: (values: BannerInput, picture: File | null) => Promise<void>;
}) {
  const { t } = useBannerStrings();
  const nameOf = useLocalizedName();
  const [picture, setPicture] = useState<File | null>(null);
  // A picture chosen belongs to one opening of the form: another opening starts without it.
  const [opening, setOpening] = useState({ open, banner });
  if (opening.open !== open || opening.banner !== banner) {
    setOpening({ open, banner });
    setPicture(null);
  }
  const { form, frame } = useEntityForm<Banner, BannerFormValues, BannerInput>({
    open,
    record: banner,
    blank: blankBanner,
    valuesOf: bannerValuesOf,
    resolver: zodResolver(bannerInputSchema),
    fields,
    onSubmit: (values) => onSubmit(values, picture),
    onClose,
  });
  const outlets = useOutletChoices();
  const allOutlets = useWatch({ control: form.control, name: 'all_outlets' });
  const title = useWatch({ control: form.control, name: 'title_en' });

  return (
    <NamedEntityDrawer
      name="banner"
      title={banner ? t('form.editTitle') : t('form.createTitle')}
      width={560}
      {...frame}
      names={{
        en: 'title_en',
        my: 'title_my',
        enLabel: t('form.titleEn'),
        myLabel: t('form.titleMy'),
        myHint: t('form.titleMyHint'),
      }}
      status={{ label: t('form.status'), active: t('form.active'), inactive: t('form.inactive') }}
    >
      <Grid size={12}>
        <PictureField
          current={banner?.image ?? null}
          file={picture}
          onFile={setPicture}
          name={title || t('form.picture')}
          disabled={!mayUpload}
        />
      </Grid>
      <TargetFields
        control={form.control}
        setValue={form.setValue}
        initialLabel={
          banner?.target_label ? nameOf(banner.target_label, banner.target_label_my) : null
        }
      />
      <FormSectionTitle
        title={t('form.schedule')}
        hint={t('form.scheduleHint', { zone: timeZone })}
      />
      {/* Either end may be left open: shown from now, or until switched off. */}
      {(['starts', 'ends'] as const).map((end) => (
        <InstantField<BannerFormValues>
          key={end}
          optional
          cell={12}
          name={`${end}_at`}
          timeZone={timeZone}
          dateLabel={t(`form.${end}Date`)}
          timeLabel={t(`form.${end}Time`)}
          testId={`banner-${end}`}
        />
      ))}
      <FormSwitchField
        cell={12}
        name="all_outlets"
        label={t('form.allOutlets')}
        testId="banner-all-outlets"
      />
      {!allOutlets && (
        <FormOutletsField
          cell={12}
          name="outlet_ids"
          label={t('form.outlets')}
          outlets={outlets.data}
        />
      )}
    </NamedEntityDrawer>
  );
}
