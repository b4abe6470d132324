import { zodResolver } from '@hookform/resolvers/zod';
import { type AppFeature, type AppFeatureInput, appFeatureInputSchema } from '@kopi/contract';
import type { Resolver } from 'react-hook-form';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import { useEntityForm } from '../../../components/entity-drawer/use-entity-form';
import { halfCell } from '../../../components/form-binding';
import { FormField, FormSwitchField } from '../../../components/form-fields';
import { useLocalizedName } from '../../../lib/localized-name';
import { useAppFeatureStrings } from '../i18n';

const fields = [
  'name_en',
  'name_my',
  'description_en',
  'description_my',
  'default_enabled',
  'locked',
] as const;

const blank: AppFeatureInput = {
  name_en: '',
  name_my: '',
  description_en: '',
  description_my: '',
  default_enabled: false,
  locked: false,
};

const valuesOf = (f: AppFeature): AppFeatureInput => ({
  name_en: f.name_en,
  name_my: f.name_my,
  description_en: f.description_en,
  description_my: f.description_my,
  default_enabled: f.default_enabled,
  locked: f.locked,
});

const resolver = zodResolver(appFeatureInputSchema) as unknown as Resolver<
  AppFeatureInput,
  unknown,
  AppFeatureInput
>;

/**
 * Edits a feature of the platform's catalogue in a side drawer: its names and descriptions in
 * English and Malay, the default every business starts from, and the lock. The code and whether
 * it is set per outlet are the server's, not editable.
 */
export function CatalogueDrawer({
  feature,
  onClose,
  onSubmit,
}: {
  feature: AppFeature | null;
  onClose: () => void;
  onSubmit: (values: AppFeatureInput) => Promise<void>;
}) {
  const { t } = useAppFeatureStrings();
  const nameOf = useLocalizedName();
  const { frame } = useEntityForm({
    open: Boolean(feature),
    record: feature,
    blank,
    valuesOf,
    resolver,
    fields,
    onSubmit,
    onClose,
  });
  return (
    <EntityDrawer
      name="app-feature"
      title={t('form.title', { name: feature ? nameOf(feature.name_en, feature.name_my) : '' })}
      width={520}
      {...frame}
    >
      <FormField cell={halfCell} name="name_en" label={t('form.nameEn')} autoFocus />
      <FormField cell={halfCell} name="name_my" label={t('form.nameMy')} />
      <FormField
        cell={12}
        name="description_en"
        label={t('form.descriptionEn')}
        multiline
        minRows={2}
      />
      <FormField
        cell={12}
        name="description_my"
        label={t('form.descriptionMy')}
        multiline
        minRows={2}
      />
      <FormSwitchField
        cell={12}
        name="default_enabled"
        label={t('form.defaultEnabled')}
        helperText={t('form.defaultHint')}
        testId="app-feature-default"
      />
      <FormSwitchField
        cell={12}
        name="locked"
        label={t('form.locked')}
        helperText={t('form.lockedHint')}
        testId="app-feature-locked"
      />
    </EntityDrawer>
  );
}
