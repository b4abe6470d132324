import Alert from '@mui/material/Alert';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  userCreateSchema,
  userInputSchema,
  type StaffUser,
  type UserCreateInput,
  type UserFormOptions,
} from '@kopi/contract';
import type { Resolver } from 'react-hook-form';
import { EntityDrawer } from '../../../components/entity-drawer/entity-drawer';
import { useEntityForm } from '../../../components/entity-drawer/use-entity-form';
import { FormSelectField, statusOptions } from '../../../components/form-fields';
import { FormTextField } from '../../../components/form-text-field';
import { useUserStrings } from '../i18n';
import { halfCell } from '../../../components/form-binding';
import { PasswordSetupFields } from '../../../components/password-setup-fields';
import { useRoleTexts } from '../../../lib/role-texts';

type FormValues = UserCreateInput;
const fields = [
  'username',
  'fullname',
  'email',
  'role_id',
  'id_outlet',
  'status',
  'language',
  'password_setup',
] as const;

const blank: FormValues = {
  username: '',
  fullname: '',
  email: '',
  role_id: '',
  id_outlet: null,
  status: 'active',
  language: 'en',
  password_setup: { method: 'email' },
};

const valuesOf = (u: StaffUser): FormValues => ({
  username: u.username,
  fullname: u.fullname,
  email: u.email ?? '',
  role_id: u.role_id,
  id_outlet: u.id_outlet,
  status: u.status,
  language: u.language,
  // Not sent on edit (the edit schema has no such field); the form keeps one shape.
  password_setup: { method: 'email' },
});

// Create checks the password set-up too (an e-mailed link needs an e-mail address).
const createResolver = zodResolver(userCreateSchema) as unknown as Resolver<FormValues>;
const editResolver = zodResolver(userInputSchema) as unknown as Resolver<FormValues>;

/**
 * Create or edit a staff user in a side drawer: username, full name, e-mail, role, outlet (or all
 * outlets), status and language; on create also how the first password is set. `options` come
 * from GET /api/users/options (roles the caller may give are `assignable`).
 */
export function UserDrawer({
  open,
  user,
  options,
  isSelf = false,
  onClose,
  onSubmit,
}: {
  open: boolean;
  user: StaffUser | null;
  options: UserFormOptions | undefined;
  isSelf?: boolean;
  onClose: () => void;
  /** Receives the validated values (the create or edit body). */
  onSubmit: (values: FormValues) => Promise<void>;
}) {
  const { t, ts } = useUserStrings();
  const roleTexts = useRoleTexts();
  const creating = !user;
  const { form, failure, frame } = useEntityForm({
    open,
    record: user,
    blank,
    valuesOf,
    resolver: creating ? createResolver : editResolver,
    fields,
    mapPath: (path) => (path.startsWith('password_setup') ? 'password_setup' : path),
    onSubmit,
    onClose,
    // Refusals that are not about one field (role escalation, self lock-out) show on top.
    networkMessage: ts('http.network'),
  });
  const outlets = options?.outlets ?? [];
  const roles = options?.roles ?? [];
  // A role the caller may not give stays listed (the user may hold it) but cannot be chosen.
  const roleOptions = roles.map((role) => ({
    value: role.id,
    label: role.assignable
      ? roleTexts.name(role.name)
      : `${roleTexts.name(role.name)} (${t('form.roleNotAssignable')})`,
    disabled: !role.assignable,
  }));

  return (
    <EntityDrawer
      name="user"
      title={creating ? t('form.createTitle') : t('form.editTitle')}
      width={480}
      {...frame}
    >
      {failure && (
        <Grid size={12}>
          <Alert severity="error" data-testid="user-drawer-error">
            {failure}
          </Alert>
        </Grid>
      )}
      {isSelf && (
        <Grid size={12}>
          <Alert severity="info">{t('form.selfRoleHint')}</Alert>
        </Grid>
      )}
      <FormTextField
        cell={12}
        name="username"
        label={t('form.username')}
        helperText={t('form.usernameHint')}
        autoComplete="off"
        autoFocus
      />
      <FormTextField cell={12} name="fullname" label={t('form.fullname')} autoComplete="off" />
      <FormTextField
        cell={12}
        name="email"
        label={t('form.email')}
        type="email"
        autoComplete="off"
        helperText={creating ? t('form.emailHint') : undefined}
      />
      <FormSelectField
        cell={12}
        name="role_id"
        label={t('form.role')}
        options={roleOptions}
        testId="user-role"
      />
      <Grid size={12}>
        {outlets.length > 0 || user?.id_outlet ? (
          <FormSelectField
            name="id_outlet"
            label={t('form.outlet')}
            helperText={t('form.outletHint')}
            // null (every outlet) shows as the first choice.
            emptyLabel={t('form.allOutlets')}
            options={[
              ...outlets.map((o) => ({ value: o.id, label: `${o.name} (${o.code})` })),
              ...(user?.id_outlet && !outlets.some((o) => o.id === user.id_outlet)
                ? [{ value: user.id_outlet, label: user.outlet_name }]
                : []),
            ]}
            testId="user-outlet"
            fullWidth
          />
        ) : (
          <FormHelperText>{t('form.platformNoOutlet')}</FormHelperText>
        )}
      </Grid>
      <FormSelectField
        cell={halfCell}
        name="status"
        label={t('form.status')}
        options={statusOptions(t('form.active'), t('form.disabled'))}
      />
      <FormSelectField
        cell={halfCell}
        name="language"
        label={t('form.language')}
        options={[
          { value: 'en', label: t('form.english') },
          { value: 'my', label: t('form.malay') },
        ]}
      />
      {creating && (
        <PasswordSetupFields
          control={form.control}
          name="password_setup"
          labels={{
            title: t('form.passwordTitle'),
            byEmail: t('password.email'),
            byTemporary: t('password.temporary'),
            temporaryHint: t('password.temporaryHint'),
            password: t('password.password'),
            passwordHint: t('password.passwordHint'),
          }}
        />
      )}
    </EntityDrawer>
  );
}
