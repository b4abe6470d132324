import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ContentText,
  type ContentTextOverrideInput,
  contentTextLengthIssues,
  contentTextOverrideInputSchema,
} from '@kopi/contract';
import type { z } from 'zod';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import {
  useEntityForm,
  type DrawerFormProps,
} from '../../../components/entity-drawer/use-entity-form';
import { useLocalizedName } from '../../../lib/localized-name';
import { useContentTextStrings } from '../i18n';
import { WordingField } from './wording-field';

// A tenant's wording of one text, English and Melayu, each shown against the platform's. What is
// left as the platform's (or emptied) follows the platform; the server keeps only what differs.

type FormValues = z.input<typeof contentTextOverrideInputSchema>;
const fields = ['text_en', 'text_my'] as const;
const blank: FormValues = { text_en: '', text_my: '' };
const valuesOf = (text: ContentText): FormValues => ({
  text_en: text.text_en,
  text_my: text.text_my,
});

export function ContentTextDrawer({
  text,
  ...drawer
}: DrawerFormProps<ContentTextOverrideInput> & {
  text: ContentText | null;
}) {
  const { t } = useContentTextStrings();
  const describe = useLocalizedName();
  const format = text?.format ?? 'plain';
  // The contract's limits, with the text's own format's length limit.
  const schema = useMemo(
    () =>
      contentTextOverrideInputSchema.superRefine((values, ctx) => {
        for (const issue of contentTextLengthIssues(format, values)) {
          ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
        }
      }),
    [format],
  );
  const { form, frame } = useEntityForm<ContentText, FormValues, ContentTextOverrideInput>({
    ...drawer,
    record: text,
    blank,
    valuesOf,
    resolver: zodResolver(schema),
    fields,
  });
  const platformWording = (name: 'text_en' | 'text_my', wording: string) => () =>
    form.setValue(name, wording, { shouldDirty: true });

  return (
    <EntityDrawer
      name="content-text"
      title={t('form.editTitle', { key: text?.key ?? '' })}
      width={format === 'markdown' ? 900 : 560}
      {...frame}
    >
      <Grid size={12}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip
            size="small"
            variant="outlined"
            label={format === 'markdown' ? t('list.markdown') : t('list.plain')}
          />
          <Typography variant="body2" color="text.secondary">
            {text && describe(text.description, text.description_my)}
          </Typography>
        </Stack>
      </Grid>
      {text && (
        <>
          <WordingField
            control={form.control}
            name="text_en"
            label={t('form.english')}
            format={format}
            platform={text.default_en}
            onUsePlatform={platformWording('text_en', text.default_en)}
            autoFocus
          />
          <WordingField
            control={form.control}
            name="text_my"
            label={t('form.malay')}
            format={format}
            platform={text.default_my}
            onUsePlatform={platformWording('text_my', text.default_my)}
            hint={text.default_my === '' ? t('form.malayFallback') : undefined}
          />
        </>
      )}
    </EntityDrawer>
  );
}
