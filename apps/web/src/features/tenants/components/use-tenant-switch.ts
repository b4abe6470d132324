import { useState } from 'react';
import type { Tenant } from '@kopi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../lib/session/session-service';
import { toast } from '../../../lib/toasts';
import { enterTenant, leaveTenant } from '../api';
import { useTenantStrings } from '../i18n';

/** Enter or leave a tenant, then renew the session so menus and abilities follow. */
export function useTenantSwitch() {
  const { t } = useTenantStrings();
  const client = useQueryClient();
  const [switching, setSwitching] = useState(false);
  const switchTo = async (enter: Tenant | null) => {
    setSwitching(true);
    try {
      const next = enter ? await enterTenant(enter.id) : await leaveTenant();
      await refreshSession();
      // Everything cached belonged to the previous context.
      await client.resetQueries();
      toast.success(
        next.acting_tenant_name
          ? t('context.entered', { name: next.acting_tenant_name })
          : t('context.left'),
      );
    } catch {
      // reported by the HTTP client
    } finally {
      setSwitching(false);
    }
  };
  return { switching, switchTo };
}
