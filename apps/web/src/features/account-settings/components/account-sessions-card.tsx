import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Skeleton from '@mui/material/Skeleton';
import { type AccountSession } from '@kopi/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/formatters';
import { signOut } from '../../../lib/session/session-service';
import { toast } from '../../../lib/toasts';
import { useAccountSessions, useRevokeOtherSessions, useRevokeSession } from '../api';
import { describeUserAgent } from '../../../lib/user-agent';
import { cardTitle } from '../../../components/card-title';
import { RetryAlert } from '../../../components/retry-alert';
import { fitTable } from '../../../components/data-table/fit-table';

export function AccountSessionsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: sessions, isLoading, isError, refetch } = useAccountSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirm, setConfirm] = useState<
    { kind: 'one'; session: AccountSession } | { kind: 'others' } | null
  >(null);
  const others = (sessions ?? []).filter((s) => !s.current).length;

  const run = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === 'others') {
        await revokeOthers.mutateAsync();
        toast.success(t('account.sessions.othersSignedOut'));
      } else if (confirm.session.current) {
        await signOut();
        void navigate('/login', { replace: true });
      } else {
        await revoke.mutateAsync(confirm.session.id);
        toast.success(t('account.sessions.signedOut'));
      }
      setConfirm(null);
    } catch {
      // reported by the HTTP client
    }
  };

  return (
    <Card>
      <CardHeader
        title={t('account.sessions.title')}
        subheader={t('account.sessions.description')}
        slotProps={cardTitle}
        action={
          <Button
            color="error"
            variant="outlined"
            disabled={others === 0}
            onClick={() => setConfirm({ kind: 'others' })}
            data-testid="sessions-sign-out-others"
          >
            {t('account.sessions.signOutOthers')}
          </Button>
        }
      />
      <TableContainer
        sx={fitTable([
          t('account.sessions.device'),
          t('account.sessions.address'),
          t('account.sessions.started'),
          t('account.sessions.lastUsed'),
        ])}
      >
        <Table aria-label={t('account.sessions.title')} data-testid="sessions-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('account.sessions.device')}</TableCell>
              <TableCell>{t('account.sessions.address')}</TableCell>
              <TableCell>{t('account.sessions.started')}</TableCell>
              <TableCell>{t('account.sessions.lastUsed')}</TableCell>
              <TableCell>
                <Box
                  component="span"
                  sx={{
                    position: 'absolute',
                    width: 1,
                    height: 1,
                    overflow: 'hidden',
                    clip: 'rect(0 0 0 0)',
                  }}
                >
                  {t('account.sessions.signOut')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading &&
              [0, 1].map((i) => (
                <TableRow key={i}>
                  {[0, 1, 2, 3, 4].map((j) => (
                    <TableCell key={j}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {isError && (
              <TableRow>
                <TableCell colSpan={5}>
                  <RetryAlert onRetry={() => void refetch()}>{t('dataTable.error')}</RetryAlert>
                </TableCell>
              </TableRow>
            )}
            {(sessions ?? []).map((session) => (
              <TableRow key={session.id} data-current={session.current}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>
                      {describeUserAgent(session.user_agent) ?? t('account.sessions.unknownDevice')}
                    </span>
                    {session.current && (
                      <Chip size="small" color="primary" label={t('account.sessions.current')} />
                    )}
                  </Stack>
                </TableCell>
                <TableCell>{session.ip ?? '—'}</TableCell>
                <TableCell>{formatDateTime(session.created_at)}</TableCell>
                <TableCell>
                  {session.last_used_at ? formatDateTime(session.last_used_at) : '—'}
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setConfirm({ kind: 'one', session })}
                  >
                    {t('account.sessions.signOut')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={confirm !== null}
        message={
          confirm?.kind === 'others'
            ? t('account.sessions.confirmOthers')
            : t('account.sessions.confirmOne')
        }
        confirmLabel={
          confirm?.kind === 'others'
            ? t('account.sessions.signOutOthers')
            : t('account.sessions.signOut')
        }
        confirmColor="error"
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
    </Card>
  );
}
