import { useEffect, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { applyServerErrors } from '../lib/form-errors';
import { toast } from '../lib/toasts';
import { FormControlProvider } from './form-binding';
import { SectionCard } from './section-card';

/**
 * The form of a tenant's settings record (one per tenant, read and saved whole): filled from
 * `settings` and again whenever the server's copy changes; a save says so, and a refusal is
 * placed on the fields it names.
 */
export function useSettingsForm<T extends FieldValues>({
  settings,
  resolver,
  onSave,
  savedMessage,
}: {
  settings: T;
  resolver: Resolver<T>;
  onSave: (values: T) => Promise<unknown>;
  savedMessage: string;
}) {
  const form = useForm<T>({ resolver, defaultValues: settings as DefaultValues<T> });
  useEffect(() => form.reset(settings), [settings, form]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      toast.success(savedMessage);
    } catch (error) {
      applyServerErrors(error, form.setError, Object.keys(settings));
    }
  });
  return { form, submit };
}

/** What a settings card takes: the saved record, whether it may be changed, and the save. */
export interface SettingsCardProps<T, TSaved = T> {
  settings: T;
  mayUpdate: boolean;
  onSave: (values: TSaved) => Promise<unknown>;
}

/**
 * A settings form in a titled card: its fields in a grid, Save at the bottom when allowed. `name`
 * gives the heading's id (`<name>-title`, which names the form) and Save's test id (`<name>-save`).
 */
export function SettingsFormCard<T extends FieldValues>({
  name,
  title,
  subtitle,
  settingsForm: { form, submit },
  mayUpdate,
  saveLabel,
  children,
}: {
  name: string;
  title: string;
  subtitle?: string;
  settingsForm: ReturnType<typeof useSettingsForm<T>>;
  mayUpdate: boolean;
  saveLabel: string;
  /** Grid items of the form. */
  children: ReactNode;
}) {
  const id = `${name}-title`;
  return (
    <SectionCard id={id} title={title}>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          {subtitle}
        </Typography>
      )}
      <form noValidate onSubmit={submit} aria-labelledby={id}>
        <Grid container spacing={2.5}>
          <FormControlProvider control={form.control}>{children}</FormControlProvider>
        </Grid>
        {mayUpdate && (
          // Clear of the scroll-to-top button's column (24 px in, 40 px wide), however far the
          // page is scrolled: Save is never under it.
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3, mr: 7 }}>
            <Button
              type="submit"
              variant="contained"
              loading={form.formState.isSubmitting}
              data-testid={`${name}-save`}
            >
              {saveLabel}
            </Button>
          </Stack>
        )}
      </form>
    </SectionCard>
  );
}
