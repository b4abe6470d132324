import { useState } from 'react';
import {
  userCreateSchema,
  userInputSchema,
  type StaffUser,
  type UserCreateInput,
} from '@kopi/contract';
import { useCan } from '../../../lib/can-context';
import { useSessionUser } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toasts';
import { createUser, updateUser, useUserOptions } from '../api';
import { useUserStrings } from '../i18n';
import {
  PasswordOutcomeDialog,
  ResetPasswordDialog,
  type PasswordOutcome,
} from './password-dialogs';
import { UserDrawer } from './user-drawer';

/**
 * The create/edit drawer and the password dialogs, shared by the user list and a user's page.
 * `onChanged` refreshes whatever the page shows after a save.
 */
export function useUserEditor(onChanged: () => Promise<unknown> | void) {
  const { t } = useUserStrings();
  const can = useCan();
  const me = useSessionUser();
  const [drawer, setDrawer] = useState<{ user: StaffUser | null } | null>(null);
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const [outcome, setOutcome] = useState<PasswordOutcome | null>(null);
  // The drawer's roles and outlets: only once it is wanted.
  const mayEdit = can('create', 'user') || can('update', 'user');
  const options = useUserOptions(mayEdit && Boolean(drawer));

  const save = async (values: UserCreateInput) => {
    const editing = drawer?.user;
    if (editing) {
      await updateUser(editing.id, userInputSchema.parse(values));
      toast.success(t('form.saved'));
    } else {
      const created = await createUser(userCreateSchema.parse(values));
      toast.success(t('form.created'));
      setOutcome({ name: created.fullname, result: created.password_setup });
    }
    setDrawer(null);
    await onChanged();
  };

  const elements = (
    <>
      <UserDrawer
        open={Boolean(drawer)}
        user={drawer?.user ?? null}
        options={options.data}
        isSelf={Boolean(drawer?.user && drawer.user.id === me?.id)}
        onClose={() => setDrawer(null)}
        onSubmit={save}
      />
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(null)}
        onDone={(next) => {
          setResetting(null);
          setOutcome(next);
          void onChanged();
        }}
      />
      <PasswordOutcomeDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  );

  return {
    openCreate: () => setDrawer({ user: null }),
    openEdit: (user: StaffUser) => setDrawer({ user }),
    openReset: (user: StaffUser) => setResetting(user),
    elements,
  };
}
