import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Block from '@mui/icons-material/Block';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockReset from '@mui/icons-material/LockReset';
import type { AuditEntry, StaffUserDetail, UserSession } from '@kopi/contract';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { PersonAvatar } from '../../../components/person-avatar';
import { FlagLabel } from '../../../components/status-label';
import { useAuditLabels } from '../../../lib/audit-labels';
import { useCan } from '../../../lib/can-context';
import { formatDateTime } from '../../../lib/formatters';
import { HttpError } from '../../../lib/http/http-client';
import { describeHeld } from '../../../lib/permission-catalogue';
import { signOut } from '../../../lib/session/session-service';
import { useSessionUser } from '../../../lib/session/session-store';
import { toast } from '../../../lib/toasts';
import { describeUserAgent } from '../../../lib/user-agent';
import {
  revokeAllUserSessions,
  revokeUserSession,
  useInvalidateUsers,
  useUser,
  useUserActivity,
  useUserSessions,
} from '../api';
import { AuditRecord } from '../../../components/audit-record';
import { useUserEditor } from '../components/user-editor';
import { useUserStatusActions } from '../components/user-status-dialogs';
import { useUserStrings } from '../i18n';

const cardTitle = { title: { component: 'h2', variant: 'h5' } } as const;

/** /settings/user/view/:id (read user): profile, effective permissions, sessions, activity. */
export function UserViewPage() {
  const { id = '' } = useParams();
  const { t, ts } = useUserStrings();
  const can = useCan();
  const me = useSessionUser();
  const user = useUser(id);
  const invalidate = useInvalidateUsers();
  const editor = useUserEditor(invalidate);
  const statusActions = useUserStatusActions(invalidate);
  const mayUpdate = can('update', 'user');
  const self = id === me?.id;

  if (user.isPending) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (user.error || !user.data) {
    const missing = user.error instanceof HttpError && user.error.status === 404;
    return (
      <Stack spacing={2}>
        <BackLink />
        <Alert
          severity={missing ? 'warning' : 'error'}
          data-testid="user-view-error"
          action={
            !missing && (
              <Button color="inherit" size="small" onClick={() => void user.refetch()}>
                {ts('common.retry')}
              </Button>
            )
          }
        >
          {missing ? t('view.notFound') : (user.error?.message ?? t('view.notFound'))}
        </Alert>
      </Stack>
    );
  }
  const u = user.data;

  return (
    <Stack spacing={3}>
      <BackLink />
      <Card>
        <CardContent>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'center' } }}
          >
            <PersonAvatar name={u.fullname} src={u.avatar} size={72} />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="h3" component="h1" data-testid="user-view-name">
                {u.fullname}
              </Typography>
              <Typography color="text.secondary">@{u.username}</Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
                <FlagLabel on={u.status === 'active'} />
                <Chip
                  size="small"
                  variant="outlined"
                  label={u.role_name}
                  data-testid="user-view-role"
                />
                <Chip
                  size="small"
                  variant="outlined"
                  label={u.outlet_name ?? (u.tenant_id ? t('list.allOutlets') : t('list.platform'))}
                />
                {u.tenant_name && <Chip size="small" variant="outlined" label={u.tenant_name} />}
              </Stack>
            </Box>
            {mayUpdate && (
              <Stack
                direction="row"
                spacing={1}
                sx={{ flexWrap: 'wrap', gap: 1, '& > *': { m: 0 } }}
              >
                <Button
                  variant="outlined"
                  startIcon={<EditOutlined />}
                  onClick={() => editor.openEdit(u)}
                  data-testid="user-view-edit"
                >
                  {t('actions.edit')}
                </Button>
                {!self && (
                  <Button
                    variant="outlined"
                    color="warning"
                    startIcon={<LockReset />}
                    onClick={() => editor.openReset(u)}
                    data-testid="user-view-reset"
                  >
                    {t('actions.resetPassword')}
                  </Button>
                )}
                {!self &&
                  (u.status === 'active' ? (
                    <Button
                      variant="outlined"
                      color="error"
                      startIcon={<Block />}
                      onClick={() => statusActions.askDisable(u)}
                      data-testid="user-view-disable"
                    >
                      {t('actions.disable')}
                    </Button>
                  ) : (
                    <Button
                      variant="outlined"
                      color="success"
                      startIcon={<CheckCircleOutlined />}
                      onClick={() => void statusActions.enable(u)}
                      data-testid="user-view-enable"
                    >
                      {t('actions.enable')}
                    </Button>
                  ))}
              </Stack>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <ProfileCard user={u} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <PermissionsCard user={u} />
        </Grid>
        <Grid size={12}>
          <SessionsCard user={u} self={self} mayUpdate={mayUpdate} onChanged={invalidate} />
        </Grid>
        <Grid size={12}>
          <ActivityCard userId={u.id} />
        </Grid>
      </Grid>
      {editor.elements}
      {statusActions.dialog}
    </Stack>
  );
}

function BackLink() {
  const { t } = useUserStrings();
  return (
    <Box>
      <Button component={RouterLink} to="/settings/user" startIcon={<ArrowBack />} color="inherit">
        {t('view.back')}
      </Button>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function ProfileCard({ user }: { user: StaffUserDetail }) {
  const { t } = useUserStrings();
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={t('view.profile')} slotProps={cardTitle} />
      <CardContent>
        {user.must_change_password && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('view.mustChange')}
          </Alert>
        )}
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}
        >
          <Fact label={t('view.email')}>{user.email ?? t('view.noEmail')}</Fact>
          <Fact label={t('view.verified')}>{user.is_verify ? t('view.yes') : t('view.no')}</Fact>
          <Fact label={t('view.language')}>
            {user.language === 'my' ? t('form.malay') : t('form.english')}
          </Fact>
          <Fact label={t('view.twoStep')}>
            {user.two_step_enabled ? t('view.on') : t('view.off')}
          </Fact>
          <Fact label={t('view.lastSignIn')}>
            {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : t('list.never')}
          </Fact>
          <Fact label={t('view.created')}>{formatDateTime(user.created_at)}</Fact>
        </Box>
      </CardContent>
    </Card>
  );
}

function PermissionsCard({ user }: { user: StaffUserDetail }) {
  const { t, language } = useUserStrings();
  const { groups, unknown } = describeHeld(user.permissions, language);
  return (
    <Card sx={{ height: '100%' }} data-testid="user-permissions">
      <CardHeader
        title={t('view.permissions')}
        subheader={`${t('view.permissionsHint', { role: user.role_name })} ${t('view.permissionCount', { count: user.permissions.length })}`}
        slotProps={cardTitle}
      />
      <CardContent sx={{ pt: 0 }}>
        {user.permissions.length === 0 && (
          <Typography color="text.secondary">{t('view.noPermissions')}</Typography>
        )}
        <Stack spacing={2}>
          {groups.map((group) => (
            <Box key={group.area}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.75 }}>
                {language === 'my' ? group.label.my : group.label.en}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {group.items.map((item) => (
                  <Chip
                    key={item.permission}
                    size="small"
                    label={item.text}
                    title={item.permission}
                    data-permission={item.permission}
                  />
                ))}
              </Box>
            </Box>
          ))}
          {unknown.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
              {unknown.map((p) => (
                <Chip key={p} size="small" variant="outlined" label={p} data-permission={p} />
              ))}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function SessionsCard({
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
      <TableContainer>
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

function ActivityCard({ userId }: { userId: string }) {
  const { t } = useUserStrings();
  const labels = useAuditLabels();
  const can = useCan();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const activity = useUserActivity(userId, { page, page_size: pageSize });
  const columns: DataTableColumn<AuditEntry>[] = [
    {
      id: 'created_at',
      header: t('view.when'),
      cell: (e) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</Box>,
    },
    {
      id: 'action',
      header: t('view.action'),
      cell: (e) => (
        <Box component="span" title={e.action} sx={{ fontWeight: 600 }}>
          {labels.action(e.action)}
        </Box>
      ),
    },
    {
      id: 'entity',
      header: t('view.entity'),
      cell: (e) => <AuditRecord entry={e} />,
    },
    { id: 'ip', header: t('view.address'), cell: (e) => e.ip ?? '—' },
  ];
  return (
    <Card data-testid="user-activity">
      <CardHeader
        title={t('view.activity')}
        subheader={t('view.activityHint')}
        slotProps={cardTitle}
        action={
          can('read', 'log') && (
            <Link component={RouterLink} to={`/settings/logs?actor_id=${userId}`} underline="hover">
              {t('view.openLog')}
            </Link>
          )
        }
      />
      <DataTable<AuditEntry>
        label={t('view.activity')}
        testId="user-activity-table"
        columns={columns}
        rows={activity.data?.rows ?? []}
        rowKey={(e) => e.id}
        total={activity.data?.meta.total ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        loading={activity.isPending}
        error={activity.error}
        onRetry={() => void activity.refetch()}
        emptyMessage={t('view.noActivity')}
      />
    </Card>
  );
}
