import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StaffUserDetail, UserSession } from '@kopi/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/formatters';
import { signOut } from '../../../lib/session/session-service';
import { toast } from '../../../lib/toasts';
import { describeUserAgent } from '../../../lib/user-agent';
import { revokeAllUserSessions, revokeUserSession, useUserSessions } from '../api';
import { useUserStrings } from '../i18n';
import { cardTitle } from '../../../components/card-title';
import { fitTable } from '../../../components/data-table/fit-table';

export function SessionsCard({
  user,
  self,
  mayUpdate,
  onChanged,
}: {
  user: StaffUserDetail;
  self: boolean;
  mayUpdate: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useUserStrings();
  const sessions = useUserSessions(user.id);
  const [ask, setAsk] = useState<{ session: UserSession } | { all: true } | null>(null);
  const rows = sessions.data ?? [];

  const confirm = async () => {
    if (!ask) return;
    try {
      if ('all' in ask) {
        const result = await revokeAllUserSessions(user.id);
        toast.success(t('view.revokedAll', { count: result.sessions_ended }));
      } else {
        await revokeUserSession(user.id, ask.session.id);
        toast.success(t('view.revoked'));
        // Ending one's own session signs one out here as well.
        if (ask.session.current) {
          setAsk(null);
          await signOut();
          return;
        }
      }
      setAsk(null);
      await Promise.all([sessions.refetch(), onChanged()]);
    } catch {
      setAsk(null);
    }
  };

  return (
    <Card data-testid="user-sessions">
      <CardHeader
        title={t('view.sessions')}
        subheader={t('view.sessionsHint')}
        slotProps={cardTitle}
        action={
          mayUpdate &&
          !self &&
          rows.length > 0 && (
            <Button
              color="error"
              onClick={() => setAsk({ all: true })}
              data-testid="user-sessions-revoke-all"
            >
              {t('view.revokeAll')}
            </Button>
          )
        }
      />
      <TableContainer
        sx={fitTable([t('view.device'), t('view.address'), t('view.started'), t('view.lastUsed')])}
      >
        <Table size="small" aria-label={t('view.sessions')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('view.device')}</TableCell>
              <TableCell>{t('view.address')}</TableCell>
              <TableCell>{t('view.started')}</TableCell>
              <TableCell>{t('view.lastUsed')}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {sessions.isPending && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            )}
            {!sessions.isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary" sx={{ py: 1 }}>
                    {t('view.noSessions')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((session) => (
              <TableRow key={session.id} data-testid="user-session-row">
                <TableCell>
                  {describeUserAgent(session.user_agent) ?? t('view.unknownDevice')}
                  {session.current && (
                    <Chip
                      size="small"
                      color="primary"
                      label={t('view.thisSession')}
                      sx={{ ml: 1 }}
                    />
                  )}
                </TableCell>
                <TableCell>{session.ip ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(session.created_at)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {session.last_used_at ? formatDateTime(session.last_used_at) : '—'}
                </TableCell>
                <TableCell align="right">
                  {mayUpdate && (
                    <Button
                      size="small"
                      color="error"
                      aria-label={t('view.revokeLabel', {
                        when: formatDateTime(session.created_at),
                      })}
                      onClick={() => setAsk({ session })}
                      data-testid="user-session-revoke"
                    >
                      {t('view.revoke')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={Boolean(ask)}
        title={
          ask && 'all' in ask
            ? t('view.revokeAllTitle', { name: user.fullname })
            : t('view.revokeTitle')
        }
        message={
          ask && 'all' in ask
            ? t('view.revokeAllMessage')
            : ask?.session.current
              ? t('view.revokeOwnMessage')
              : t('view.revokeMessage')
        }
        confirmLabel={ask && 'all' in ask ? t('view.revokeAll') : t('view.revoke')}
        confirmColor="error"
        onConfirm={confirm}
        onClose={() => setAsk(null)}
      />
    </Card>
  );
}
