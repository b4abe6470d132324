import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Business from '@mui/icons-material/Business';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { SessionUserExtras, Tenant, TenantFilter } from '@kopi/contract';
import { http } from '../lib/http/http';
import { useCan } from '../lib/can-context';
import { useTenantFilterStrings } from './tenant-filter-i18n';
import { useSessionUser } from '../lib/session/session-store';
import { FilterSelect } from './list-page/filter-select';

// Users, roles and the audit log span every tenant for a platform user outside any tenant
// (decision 020); those screens then offer this filter. Inside a tenant (or for tenant staff)
// the session decides the tenant and the filter is not shown.

/** True for a platform user (no tenant of their own) not working inside a tenant. */
export function usePlatformWide(): boolean {
  const user = useSessionUser() as (ReturnType<typeof useSessionUser> & SessionUserExtras) | null;
  return Boolean(user && !user.tenant_id && !user.acting_tenant_id);
}

const tenantOptionsKey = ['tenants', 'filter-options'] as const;

export function TenantFilterSelect({
  value,
  onChange,
  testId = 'filter-tenant',
}: {
  value: TenantFilter | '';
  onChange: (value: TenantFilter | '') => void;
  testId?: string;
}) {
  const { t } = useTenantFilterStrings();
  const can = useCan();
  const tenants = useQuery({
    queryKey: tenantOptionsKey,
    queryFn: () => http.get<Tenant[]>('/tenants', { query: { page: 1, page_size: 100 } }),
    enabled: can('read', 'tenant'),
    staleTime: 60_000,
  });
  return (
    <FilterSelect
      label={t('label')}
      value={value}
      onChange={(next) => onChange(next as TenantFilter | '')}
      anyLabel={t('all')}
      options={[
        { value: 'platform', label: t('platform') },
        ...(tenants.data ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name })),
      ]}
      minWidth={180}
      testId={testId}
    />
  );
}

/**
 * What a tenant's screen shows a platform user outside any tenant, instead of asking the server
 * (which answers tenant_required): a word and the way to the tenants page, where they enter one.
 */
export function TenantRequiredCard() {
  const { t } = useTenantFilterStrings();
  const can = useCan();
  return (
    <Card data-testid="tenant-required">
      <Stack spacing={2} sx={{ alignItems: 'center', py: 5, px: 3, textAlign: 'center' }}>
        <Business fontSize="large" color="action" aria-hidden="true" />
        <Typography>{t('required')}</Typography>
        {can('read', 'tenant') && (
          <Button variant="contained" component={RouterLink} to="/tenant">
            {t('choose')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
