import { toast } from '../../lib/toasts';
import { GuardedRemovalDialog } from './guarded-removal-dialog';
import { useGuardedRemoval } from './use-guarded-removal';

/** The toasts of a removal that may switch its record off instead, under the `list.` keys. */
type SwitchOffToastKey = `list.${'deleted' | 'switchedOff'}`;

/**
 * Removing a record the server refuses to delete once it has been used (409: a redeemed voucher,
 * an exchanged reward): the dialog then says why and offers `switchOff` instead. Each says so in
 * a toast.
 */
export function useSwitchOffRemoval<T>({
  remove,
  switchOff,
  refresh,
  t,
}: {
  remove: (target: T) => Promise<unknown>;
  switchOff: (target: T) => Promise<unknown>;
  refresh: () => Promise<unknown>;
  t: (key: SwitchOffToastKey) => string;
}) {
  return useGuardedRemoval<T>({
    remove: async (target) => {
      await remove(target);
      toast.success(t('list.deleted'));
    },
    fallback: async (target) => {
      await switchOff(target);
      toast.success(t('list.switchedOff'));
    },
    refresh,
  });
}

/**
 * The confirm dialog of `useSwitchOffRemoval`: "Switch off instead" once refused, idle for a
 * record already inactive or a user who may not update it.
 */
export function SwitchOffRemovalDialog<T extends { status: string }>({
  mayUpdate,
  t,
  ...dialog
}: Omit<Parameters<typeof GuardedRemovalDialog<T>>[0], 'fallback' | 't'> & {
  mayUpdate: boolean;
  t: Parameters<typeof GuardedRemovalDialog<T>>[0]['t'] &
    ((key: 'list.switchOffInstead') => string);
}) {
  return (
    <GuardedRemovalDialog<T>
      {...dialog}
      t={t}
      fallback={{
        label: t('list.switchOffInstead'),
        idle: (target) => !mayUpdate || target.status === 'inactive',
      }}
    />
  );
}
