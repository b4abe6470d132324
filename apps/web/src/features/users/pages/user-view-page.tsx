import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Block from '@mui/icons-material/Block';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockReset from '@mui/icons-material/LockReset';
import { Link as RouterLink, useParams } from 'react-router';
import { PersonAvatar } from '../../../components/person-avatar';
import { FlagLabel } from '../../../components/status-label';
import { useCan } from '../../../lib/can-context';
import { HttpError } from '../../../lib/http/http-client';
import { useSessionUser } from '../../../lib/session/session-store';
import { useInvalidateUsers, useUser } from '../api';
import { useUserEditor } from '../components/user-editor';
import { useUserStatusActions } from '../components/user-status-dialogs';
import { useUserStrings } from '../i18n';
import { ProfileCard } from '../components/user-profile-card';
import { PermissionsCard } from '../components/user-permissions-card';
import { SessionsCard } from '../components/user-sessions-card';
import { ActivityCard } from '../components/user-activity-card';
import { useRoleTexts } from '../../../lib/role-texts';

/** /settings/user/view/:id (read user): profile, effective permissions, sessions, activity. */
export function UserViewPage() {
  const { id = '' } = useParams();
  const { t, ts } = useUserStrings();
  const roleTexts = useRoleTexts();
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
                  label={roleTexts.name(u.role_name)}
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
