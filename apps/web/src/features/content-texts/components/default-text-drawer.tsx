import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ContentTextDefault,
  type ContentTextDefaultCreate,
  contentTextDefaultCreateSchema,
  contentTextFormats,
} from '@kopi/contract';
import type { z } from 'zod';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import {
  useEntityForm,
  type DrawerFormProps,
} from '../../../components/entity-drawer/use-entity-form';
import { FormField, FormSelectField } from '../../../components/form-fields';
import { halfCell } from '../../../components/form-binding';
import { useContentTextStrings } from '../i18n';
import { WordingField } from './wording-field';

// One of the platform's texts: a new one (with its key, fixed once added) or an existing one's
// description, format and default wording. The key of an existing text is not sent.

type FormValues = z.input<typeof contentTextDefaultCreateSchema>;
const fields = ['key', 'description', 'description_my', 'format', 'text_en', 'text_my'] as const;
const blank: FormValues = {
  key: '',
  description: '',
  description_my: '',
  format: 'plain',
  text_en: '',
  text_my: '',
};
const valuesOf = (d: ContentTextDefault): FormValues => ({
  key: d.key,
  description: d.description,
  description_my: d.description_my,
  format: d.format,
  text_en: d.text_en,
  text_my: d.text_my,
});

export function DefaultTextDrawer({
  text,
  ...drawer
}: DrawerFormProps<ContentTextDefaultCreate> & {
  /** null: a new text. */
  text: ContentTextDefault | null;
}) {
  const { t } = useContentTextStrings();
  const { form, frame } = useEntityForm({
    ...drawer,
    record: text,
    blank,
    valuesOf,
    resolver: zodResolver(contentTextDefaultCreateSchema),
    fields,
  });
  const format = useWatch({ control: form.control, name: 'format' }) ?? 'plain';

  return (
    <EntityDrawer
      name="default-text"
      title={text ? t('form.editDefaultTitle', { key: text.key }) : t('form.createTitle')}
      width={format === 'markdown' ? 900 : 560}
      {...frame}
    >
      <FormField
        cell={halfCell}
        name="key"
        label={t('form.key')}
        helperText={t('form.keyHint')}
        disabled={Boolean(text)}
        normalize={(typed) => typed.toLowerCase()}
        autoFocus={!text}
      />
      <FormSelectField
        cell={halfCell}
        name="format"
        label={t('form.format')}
        options={contentTextFormats.map((f) => ({
          value: f,
          label: f === 'markdown' ? t('list.markdown') : t('list.plain'),
        }))}
      />
      <FormField
        cell={halfCell}
        name="description"
        label={t('form.description')}
        helperText={t('form.descriptionHint')}
      />
      <FormField
        cell={halfCell}
        name="description_my"
        label={t('form.descriptionMy')}
        helperText={t('form.descriptionMyHint')}
      />
      <WordingField
        control={form.control}
        name="text_en"
        label={t('form.english')}
        format={format}
      />
      <WordingField
        control={form.control}
        name="text_my"
        label={t('form.malay')}
        format={format}
        hint={t('form.malayFallback')}
      />
    </EntityDrawer>
  );
}
