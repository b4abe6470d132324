import { useState } from 'react';
import type { StaffUser } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { HttpError } from '../../../lib/http/http-client';
import { toast } from '../../../lib/toasts';
import { deleteUser, disableUser, enableUser } from '../api';
import { useUserStrings } from '../i18n';

export type StatusAsk = { kind: 'disable' | 'delete'; user: StaffUser; blocked?: string } | null;

/**
 * Disable (ends every session at once) and delete ask first; enabling does not. A user with
 * history cannot be deleted: the server's reason is shown with "Disable instead".
 */
export function useUserStatusActions(onChanged: () => Promise<unknown> | void) {
  const { t } = useUserStrings();
  const [ask, setAsk] = useState<StatusAsk>(null);

  const enable = async (user: StaffUser) => {
    await enableUser(user.id);
    toast.success(t('actions.enabled'));
    await onChanged();
  };
  const disable = async (user: StaffUser) => {
    const result = await disableUser(user.id);
    toast.success(t('actions.disabled', { count: result.sessions_ended }));
    await onChanged();
  };

  const confirm = async () => {
    if (!ask) return;
    try {
      if (ask.kind === 'disable' || ask.blocked) {
        await disable(ask.user);
      } else {
        await deleteUser(ask.user.id);
        toast.success(t('actions.deleted'));
        await onChanged();
      }
      setAsk(null);
    } catch (error) {
      if (ask.kind === 'delete' && !ask.blocked && error instanceof HttpError) {
        // user_in_use (409) and the like: say why, offer to disable instead.
        if (error.status === 409) setAsk({ ...ask, blocked: error.message });
        else {
          toast.error(error.message);
          setAsk(null);
        }
      } else setAsk(null);
    }
  };

  // What the dialog says: why a delete is refused (offering to disable), or what it is to do.
  const words = !ask
    ? null
    : ask.blocked
      ? {
          title: t('actions.cannotDeleteTitle'),
          message: <span data-testid="user-blocked-reason">{ask.blocked}</span>,
          confirm: t('actions.disableInstead'),
        }
      : ask.kind === 'disable'
        ? {
            title: t('actions.disableTitle', { name: ask.user.fullname }),
            message: t('actions.disableMessage'),
            confirm: t('actions.disable'),
          }
        : {
            title: t('actions.deleteTitle', { name: ask.user.fullname }),
            message: t('actions.deleteMessage'),
            confirm: t('actions.delete'),
          };

  const dialog = (
    <ConfirmDialog
      open={Boolean(ask)}
      title={words?.title}
      message={words?.message}
      confirmLabel={words?.confirm}
      confirmColor={ask?.kind === 'delete' && !ask.blocked ? 'error' : 'warning'}
      confirmDisabled={Boolean(ask?.blocked) && ask?.user.status === 'disabled'}
      onConfirm={confirm}
      onClose={() => setAsk(null)}
    />
  );

  return {
    askDisable: (user: StaffUser) => setAsk({ kind: 'disable', user }),
    askDelete: (user: StaffUser) => setAsk({ kind: 'delete', user }),
    enable: (user: StaffUser) => enable(user).catch(() => undefined),
    dialog,
  };
}
