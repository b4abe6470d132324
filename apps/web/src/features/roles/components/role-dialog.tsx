import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ROLE_MANAGEMENT_PERMISSIONS,
  roleInputSchema,
  type Role,
  type RoleInput,
} from '@kopi/contract';
import { Controller, useWatch } from 'react-hook-form';
import { CancelSaveButtons } from '../../../components/entity-drawer/cancel-save-buttons';
import { useEntityForm } from '../../../components/entity-drawer/use-entity-form';
import { FormField } from '../../../components/form-fields';
import { catalogueFor } from '../../../lib/permission-catalogue';
import { translateValidation } from '../../../lib/i18n/i18n';
import { useRoleStrings } from '../i18n';
import { buildMatrix } from '../matrix';
import { PermissionMatrix } from './permission-matrix';

type FormValues = RoleInput;
const fields = ['name', 'description', 'permissions'] as const;
const blank: FormValues = { name: '', description: null, permissions: [] };

/**
 * Create, edit or (for the immutable superadmin role, or without update rights) look at a role:
 * name, description and the permission matrix. `platformRole` adds the platform subjects (menu,
 * permission catalogue, tenants), which only platform roles may hold.
 */
export function RoleDialog({
  open,
  role,
  platformRole,
  readOnly,
  isOwnRole,
  changeable,
  onClose,
  onSubmit,
}: {
  open: boolean;
  role: Role | null;
  platformRole: boolean;
  readOnly: boolean;
  isOwnRole: boolean;
  changeable: (permission: string) => boolean;
  onClose: () => void;
  onSubmit: (values: RoleInput) => Promise<void>;
}) {
  const { t, ts } = useRoleStrings();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const areas = useMemo(() => buildMatrix(catalogueFor(platformRole)), [platformRole]);
  const { form, submit, busy, failure, close } = useEntityForm({
    open,
    record: role,
    blank,
    valuesOf: (r: Role): FormValues => ({
      name: r.name,
      description: r.description,
      permissions: r.permissions,
    }),
    resolver: zodResolver(roleInputSchema),
    fields,
    mapPath: (path) => (path.startsWith('permissions') ? 'permissions' : path),
    onSubmit,
    onClose,
    // Self lock-out, escalation, an immutable role: not one field's problem.
    networkMessage: ts('http.network'),
  });
  const permissions = useWatch({ control: form.control, name: 'permissions' });
  const losesRoleManagement =
    isOwnRole &&
    ROLE_MANAGEMENT_PERMISSIONS.some(
      (p) => role?.permissions.includes(p) && !(permissions ?? []).includes(p),
    );

  const title = !role
    ? t('form.createTitle')
    : readOnly
      ? t('form.viewTitle', { name: role.name })
      : t('form.editTitle', { name: role.name });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="role-dialog-title"
      data-testid="role-dialog"
    >
      <DialogTitle id="role-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Stack component="form" id="role-form" noValidate onSubmit={submit} spacing={2.5}>
          {failure && (
            <Alert severity="error" data-testid="role-dialog-error">
              {failure}
            </Alert>
          )}
          {role?.is_immutable && <Alert severity="info">{t('list.immutableHint')}</Alert>}
          {losesRoleManagement && !failure && (
            <Alert severity="warning" data-testid="role-lockout-warning">
              {t('form.lockoutWarning')}
            </Alert>
          )}
          <Grid container spacing={2}>
            <FormField
              control={form.control}
              cell={{ xs: 12, md: 4 }}
              name="name"
              label={t('form.name')}
              autoFocus={!readOnly}
              disabled={readOnly}
            />
            <FormField
              control={form.control}
              cell={{ xs: 12, md: 8 }}
              name="description"
              label={t('form.description')}
              helperText={readOnly ? undefined : t('form.descriptionHint')}
              emptyAsNull
              disabled={readOnly}
            />
          </Grid>
          <Controller
            control={form.control}
            name="permissions"
            render={({ field, fieldState }) => {
              const selected = new Set(field.value ?? []);
              return (
                <Stack spacing={1}>
                  <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="h6" component="h3">
                      {t('form.permissions')}
                    </Typography>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      data-testid="role-selected-count"
                    >
                      {t('form.selected', { count: selected.size })}
                    </Typography>
                  </Stack>
                  {fieldState.error && (
                    <Typography color="error" variant="body2">
                      {translateValidation(fieldState.error.message)}
                    </Typography>
                  )}
                  <PermissionMatrix
                    areas={areas}
                    selected={selected}
                    readOnly={readOnly}
                    changeable={changeable}
                    // Catalogue order, so the saved set reads the same every time.
                    onChange={(next) =>
                      field.onChange(
                        areas.flatMap((a) =>
                          a.rows.flatMap((r) => Object.values(r.cells).filter((p) => next.has(p))),
                        ),
                      )
                    }
                  />
                </Stack>
              );
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <CancelSaveButtons
          formId="role-form"
          busy={busy}
          onCancel={close}
          saveTestId="role-save"
          cancelLabel={readOnly ? t('form.close') : undefined}
          readOnly={readOnly}
        />
      </DialogActions>
    </Dialog>
  );
}
