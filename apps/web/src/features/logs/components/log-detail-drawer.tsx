import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useAuditLabels } from '../../../lib/audit-labels';
import { formatDateTime } from '../../../lib/formatters';
import { describeUserAgent } from '../../../lib/user-agent';
import { useLog } from '../api';
import { useLogStrings } from '../i18n';
import { AuditDiffView } from './audit-diff-view';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </>
  );
}

/** One audit entry: who, what, when, from where, and its before/after as a readable difference. */
export function LogDetailDrawer({
  id,
  onClose,
  onShowRecord,
}: {
  id: string | null;
  onClose: () => void;
  /** Filters the log to the entry's record. */
  onShowRecord: (entity: string, entityId: string) => void;
}) {
  const { t, ts } = useLogStrings();
  const labels = useAuditLabels();
  const entry = useLog(id);
  const e = entry.data;
  return (
    <Drawer
      anchor="right"
      open={Boolean(id)}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 640 } } } }}
      data-testid="log-detail"
    >
      <Stack sx={{ height: '100%' }} role="dialog" aria-labelledby="log-detail-title">
        <Stack direction="row" sx={{ alignItems: 'center', px: 3, py: 2 }}>
          <Typography variant="h5" component="h2" id="log-detail-title" sx={{ flexGrow: 1 }}>
            {t('detail.title')}
          </Typography>
          <IconButton aria-label={ts('common.close')} onClick={onClose}>
            <Close />
          </IconButton>
        </Stack>
        <Divider />
        <Box sx={{ flexGrow: 1, overflowY: 'auto', px: 3, py: 3 }}>
          {entry.isPending && id ? (
            <Stack spacing={1}>
              <Skeleton />
              <Skeleton />
              <Skeleton variant="rounded" height={160} />
            </Stack>
          ) : !e ? (
            <Alert severity="error">{t('detail.notFound')}</Alert>
          ) : (
            <Stack spacing={3}>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 3,
                  rowGap: 1,
                  m: 0,
                }}
              >
                {/* The facts are named as the list's columns name them. */}
                <Fact label={t('list.action')}>
                  <Box
                    component="span"
                    title={e.action}
                    sx={{ fontWeight: 600 }}
                    data-testid="log-detail-action"
                  >
                    {labels.action(e.action)}
                  </Box>
                </Fact>
                <Fact label={t('list.when')}>{formatDateTime(e.created_at)}</Fact>
                <Fact label={t('list.user')}>{e.actor_username ?? t('list.system')}</Fact>
                <Fact label={t('list.entity')}>
                  {labels.entity(e.entity)}
                  {e.entity_id && (
                    <Box component="code" sx={{ ml: 1, color: 'text.secondary' }}>
                      {e.entity_id}
                    </Box>
                  )}
                </Fact>
                {e.tenant_name && <Fact label={t('list.tenant')}>{e.tenant_name}</Fact>}
                <Fact label={t('list.address')}>{e.ip ?? '—'}</Fact>
                <Fact label={t('detail.device')}>{describeUserAgent(e.user_agent) ?? '—'}</Fact>
                {e.request_id && (
                  <Fact label={t('detail.request')}>
                    <Box component="code">{e.request_id}</Box>
                  </Fact>
                )}
              </Box>
              <AuditDiffView
                changes={e.changes}
                before={e.before}
                after={e.after}
                names={e.names}
              />
              {e.entity_id && (
                <Box>
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => onShowRecord(e.entity, e.entity_id!)}
                  >
                    {t('detail.sameRecord')}
                  </Button>
                </Box>
              )}
            </Stack>
          )}
        </Box>
      </Stack>
    </Drawer>
  );
}
