import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { Tenant } from '@kopi/contract';
import { FlagLabel } from '../../../components/status-label';
import { useTenantOutlets } from '../api';
import { useTenantStrings } from '../i18n';
import { TenantStatusLabel } from './tenant-status-label';
import { SimpleTable } from '../../../components/data-table/simple-table';

/** One tenant and its outlets, loaded when opened ("Tenant and Outlet"). */
export function TenantOutlets({ tenant }: { tenant: Tenant }) {
  const { t } = useTenantStrings();
  const [open, setOpen] = useState(false);
  const outlets = useTenantOutlets(tenant.id, open);
  return (
    <Accordion
      expanded={open}
      onChange={(_, next) => setOpen(next)}
      disableGutters
      data-testid="tenant-outlets"
    >
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{tenant.name}</Typography>
          <TenantStatusLabel status={tenant.status} />
          <Typography variant="body2" color="text.secondary">
            {t('outlets.count', { count: tenant.outlet_count })}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        {outlets.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : outlets.isError ? (
          <Alert severity="error">{t('outlets.error')}</Alert>
        ) : outlets.data.length === 0 ? (
          <Typography color="text.secondary">{t('outlets.none')}</Typography>
        ) : (
          <SimpleTable
            size="small"
            aria-label={tenant.name}
            cells={[t('outlets.code'), t('outlets.name'), t('outlets.status'), t('outlets.open')]}
          >
            {outlets.data.map((o) => (
              <TableRow key={o.id}>
                <TableCell>
                  <Box component="code">{o.code}</Box>
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {o.name}
                  </Typography>
                  {o.address && (
                    <Typography variant="caption" color="text.secondary">
                      {o.address}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <FlagLabel on={o.status === 'active'} />
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant={o.open_now ? 'filled' : 'outlined'}
                    color={o.open_now ? 'success' : 'default'}
                    label={o.open_now ? t('outlets.openYes') : t('outlets.openNo')}
                  />
                </TableCell>
              </TableRow>
            ))}
          </SimpleTable>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
