import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { type ContentTextFormat, contentTextLimits } from '@kopi/contract';
import { FormField } from '../../../components/form-fields';
import { useContentTextStrings } from '../i18n';

// One language of a text: its field and, for a Markdown text, a live preview beside it of how
// the app shows it. The preview's Markdown parser loads only when a Markdown text is opened.
const MarkdownPreview = lazy(() =>
  import('./markdown-preview').then((m) => ({ default: m.MarkdownPreview })),
);

export function WordingField<T extends FieldValues>({
  control,
  name,
  label,
  format,
  hint,
  platform,
  onUsePlatform,
  autoFocus,
}: {
  control: Control<T>;
  name: Path<T> & ('text_en' | 'text_my');
  label: string;
  format: ContentTextFormat;
  hint?: string;
  /** The platform's wording (a tenant's editor): says whether the field keeps it. */
  platform?: string;
  onUsePlatform?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useContentTextStrings();
  const value = (useWatch({ control, name }) as string | null | undefined) ?? '';
  const markdown = format === 'markdown';
  const max = contentTextLimits[format];
  const follows = platform !== undefined && (value.trim() === '' || value.trim() === platform);
  const helper = [
    hint,
    markdown ? t('form.markdownHint') : null,
    t('form.length', { count: value.length, max }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Grid size={12} data-testid={`wording-${name}`}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: markdown ? 6 : 12 }}>
          <FormField
            control={control}
            name={name}
            label={label}
            helperText={helper}
            fullWidth
            multiline
            minRows={markdown ? 10 : 2}
            maxRows={markdown ? 22 : 6}
            autoFocus={autoFocus}
            // Markdown is written with its marks (#, -, **) lined up, as in any plain-text editor.
            sx={markdown ? { '& textarea': { fontFamily: 'monospace', fontSize: 14 } } : undefined}
            slotProps={{ htmlInput: { 'data-testid': `field-${name}`, spellCheck: true } }}
          />
          {platform !== undefined && (
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', mt: 0.5, minHeight: 32 }}
              data-testid={`wording-state-${name}`}
            >
              <Typography variant="caption" color={follows ? 'text.secondary' : 'primary'}>
                {follows ? t('form.follows') : t('form.own')}
              </Typography>
              {!follows && onUsePlatform && (
                <Button size="small" onClick={onUsePlatform}>
                  {t('form.usePlatform')}
                </Button>
              )}
            </Stack>
          )}
        </Grid>
        {markdown && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="overline" component="h3" color="text.secondary">
              {t('form.previewOf', { language: label })}
            </Typography>
            <Paper
              variant="outlined"
              sx={{ p: 2, maxHeight: 480, overflowY: 'auto' }}
              aria-label={t('form.previewOf', { language: label })}
              role="region"
            >
              {value.trim() === '' ? (
                <Typography variant="body2" color="text.secondary">
                  {t('form.previewEmpty')}
                </Typography>
              ) : (
                <Suspense
                  fallback={
                    <Box sx={{ color: 'text.secondary', typography: 'body2' }}>
                      {t('form.previewLoading')}
                    </Box>
                  }
                >
                  <MarkdownPreview source={value} testId={`preview-${name}`} />
                </Suspense>
              )}
            </Paper>
          </Grid>
        )}
      </Grid>
    </Grid>
  );
}
