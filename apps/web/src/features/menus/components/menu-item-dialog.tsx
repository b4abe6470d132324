import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItemOption from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  menuItemInputSchema,
  permissionCatalogue,
  type MenuItem,
  type MenuItemInput,
} from '@kopi/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormField, FormSwitchField } from '../../../components/form-fields';
import { knownMenuIcons, MenuIcon } from '../../../components/layouts/menu-icon';
import { applyServerErrors, serverFieldErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http/http-client';
import { translateValidation } from '../../../lib/i18n/i18n';
import { permissionText } from '../../../lib/permission-catalogue';
import { useRouteCatalog } from '../../../lib/route-catalog';
import { useMenuStrings } from '../i18n';

type FormValues = MenuItemInput;
const fields = [
  'parent_id',
  'title',
  'title_en',
  'title_my',
  'icon',
  'path',
  'action',
  'subject',
  'hidden',
] as const;
const NONE = '';

const blank: FormValues = {
  parent_id: null,
  title: '',
  title_en: '',
  title_my: '',
  icon: null,
  path: null,
  action: null,
  subject: null,
  hidden: false,
};

export const inputOf = (item: MenuItem, patch: Partial<MenuItemInput> = {}): MenuItemInput => ({
  parent_id: item.parent_id,
  title: item.title,
  title_en: item.title_en,
  title_my: item.title_my,
  icon: item.icon,
  path: item.path,
  action: item.action,
  subject: item.subject,
  hidden: item.hidden,
  ...patch,
});

/** "Kitchen board" → "menu.kitchen_board" (a new item's key, until the key is typed). */
export const suggestTitleKey = (title: string) => {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug ? `menu.${slug}` : '';
};

const actions = [...new Set(permissionCatalogue.map((e) => e.action))];

export interface ParentChoice {
  id: string;
  label: string;
  depth: number;
}

/**
 * Add or edit a menu item: where it sits, its title key and titles in English and Melayu, icon,
 * path, the action and subject a user needs to see it, and whether it is hidden.
 */
export function MenuItemDialog({
  open,
  item,
  parents,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** null: a new item. */
  item: MenuItem | null;
  /** Items it may go under (never itself or its own sub-items). */
  parents: ParentChoice[];
  onClose: () => void;
  onSubmit: (values: MenuItemInput) => Promise<void>;
}) {
  const { t, ts, language } = useMenuStrings();
  const { pages } = useRouteCatalog();
  const form = useForm<FormValues>({
    resolver: zodResolver(menuItemInputSchema),
    defaultValues: blank,
  });
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) form.reset(item ? inputOf(item) : blank);
  }, [open, item, form]);
  const action = useWatch({ control: form.control, name: 'action' });
  const subjects = useMemo(() => permissionCatalogue.filter((e) => e.action === action), [action]);
  const paths = useMemo(() => [...new Set(pages.map((p) => p.path))].sort(), [pages]);
  const icons = useMemo(() => knownMenuIcons().sort(), []);

  const close = () => {
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, fields);
      if (placed === 0 || serverFieldErrors(error).length > placed) {
        setFailure(error instanceof HttpError ? error.message : ts('http.network'));
      }
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      maxWidth="md"
      fullWidth
      aria-labelledby="menu-item-dialog-title"
      data-testid="menu-item-dialog"
    >
      <DialogTitle id="menu-item-dialog-title">
        {item ? t('form.editTitle') : t('form.createTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Box component="form" id="menu-item-form" noValidate onSubmit={submit}>
          <Grid container spacing={2.5}>
            {failure && (
              <Grid size={12}>
                <Alert severity="error" data-testid="menu-item-error">
                  {failure}
                </Alert>
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="title_en"
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('form.titleEn')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(e) => {
                      field.onChange(e.target.value);
                      // A new item's key follows its English title until the key is edited.
                      if (!item && !form.getFieldState('title').isDirty) {
                        form.setValue('title', suggestTitleKey(e.target.value));
                      }
                    }}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={translateValidation(fieldState.error?.message)}
                    fullWidth
                    autoFocus
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormField
                control={form.control}
                name="title_my"
                label={t('form.titleMy')}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="title"
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('form.titleKey')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? ''}
                    onChange={(e) => form.setValue('title', e.target.value, { shouldDirty: true })}
                    onBlur={field.onBlur}
                    error={Boolean(fieldState.error)}
                    helperText={
                      translateValidation(fieldState.error?.message) ??
                      (item?.builtin ? t('form.titleKeyBuiltin') : t('form.titleKeyHint'))
                    }
                    // The server refuses a new key for a built-in item (the seed finds it by key).
                    disabled={item?.builtin ?? false}
                    fullWidth
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="parent_id"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={t('form.parent')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? NONE}
                    onChange={(e) =>
                      field.onChange(e.target.value === NONE ? null : e.target.value)
                    }
                    error={Boolean(fieldState.error)}
                    helperText={translateValidation(fieldState.error?.message)}
                    fullWidth
                    slotProps={{
                      select: {
                        displayEmpty: true,
                        SelectDisplayProps: { 'data-testid': 'menu-item-parent' } as object,
                      },
                      inputLabel: { shrink: true },
                    }}
                  >
                    <MenuItemOption value={NONE}>{t('form.topLevel')}</MenuItemOption>
                    {parents.map((p) => (
                      <MenuItemOption key={p.id} value={p.id} sx={{ pl: 2 + p.depth * 2 }}>
                        {p.label}
                      </MenuItemOption>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="icon"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    freeSolo
                    options={icons}
                    value={field.value ?? ''}
                    onChange={(_, next) => field.onChange(next || null)}
                    onInputChange={(_, next, reason) => {
                      if (reason === 'input') field.onChange(next.trim() || null);
                    }}
                    renderOption={({ key, ...props }, option) => (
                      <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
                        <MenuIcon name={option} />
                        {option}
                      </Box>
                    )}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={t('form.icon')}
                        inputRef={field.ref}
                        error={Boolean(fieldState.error)}
                        helperText={
                          translateValidation(fieldState.error?.message) ?? t('form.iconHint')
                        }
                        slotProps={{
                          ...params.slotProps,
                          input: {
                            ...params.slotProps.input,
                            startAdornment: field.value ? (
                              <Box sx={{ display: 'flex', pl: 0.5 }}>
                                <MenuIcon name={field.value} />
                              </Box>
                            ) : undefined,
                          },
                        }}
                      />
                    )}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="path"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    freeSolo
                    options={paths}
                    value={field.value ?? ''}
                    onChange={(_, next) => field.onChange(next || null)}
                    onInputChange={(_, next, reason) => {
                      if (reason === 'input') field.onChange(next.trim() || null);
                    }}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={t('form.path')}
                        inputRef={field.ref}
                        error={Boolean(fieldState.error)}
                        helperText={
                          translateValidation(fieldState.error?.message) ?? t('form.pathHint')
                        }
                      />
                    )}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="action"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={t('form.action')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? NONE}
                    onChange={(e) => {
                      const next = e.target.value === NONE ? null : e.target.value;
                      field.onChange(next);
                      // Keep the subject only when the new action has it.
                      const subject = form.getValues('subject');
                      const keeps = permissionCatalogue.some(
                        (entry) => entry.action === next && entry.subject === subject,
                      );
                      if (!keeps) form.setValue('subject', null);
                    }}
                    error={Boolean(fieldState.error)}
                    helperText={translateValidation(fieldState.error?.message)}
                    fullWidth
                    slotProps={{
                      select: {
                        displayEmpty: true,
                        SelectDisplayProps: { 'data-testid': 'menu-item-action' } as object,
                      },
                      inputLabel: { shrink: true },
                    }}
                  >
                    <MenuItemOption value={NONE}>{t('form.everyone')}</MenuItemOption>
                    {actions.map((a) => (
                      <MenuItemOption key={a} value={a}>
                        {a}
                      </MenuItemOption>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="subject"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    label={t('form.subject')}
                    name={field.name}
                    inputRef={field.ref}
                    value={field.value ?? NONE}
                    onChange={(e) =>
                      field.onChange(e.target.value === NONE ? null : e.target.value)
                    }
                    disabled={!action}
                    error={Boolean(fieldState.error)}
                    helperText={
                      translateValidation(fieldState.error?.message) ??
                      (action && field.value
                        ? permissionText(`${action}-${field.value}`, language)
                        : t('form.subjectHint'))
                    }
                    fullWidth
                    slotProps={{
                      select: {
                        SelectDisplayProps: { 'data-testid': 'menu-item-subject' } as object,
                      },
                    }}
                  >
                    {subjects.map((entry) => (
                      <MenuItemOption key={entry.subject} value={entry.subject}>
                        {entry.subject}
                      </MenuItemOption>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={12}>
              <FormSwitchField
                control={form.control}
                name="hidden"
                label={t('form.hidden')}
                testId="menu-item-hidden"
              />
            </Grid>
          </Grid>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={close} disabled={busy}>
          {ts('common.cancel')}
        </Button>
        <Button
          type="submit"
          form="menu-item-form"
          variant="contained"
          loading={busy}
          data-testid="menu-item-save"
        >
          {ts('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
