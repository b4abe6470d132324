import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { Role } from '@kopi/contract';
import { PersonAvatar } from '../../../components/person-avatar';
import { useRoleStrings } from '../i18n';
import { useRoleTexts } from '../../../lib/role-texts';

/** A role at a glance: who holds it (count and a few faces), what it allows, what can be done. */
export function RoleCard({
  role,
  showTenant,
  isOwnRole,
  mayUpdate,
  mayDelete,
  onOpen,
  onDelete,
}: {
  role: Role;
  showTenant: boolean;
  isOwnRole: boolean;
  mayUpdate: boolean;
  mayDelete: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useRoleStrings();
  const roleTexts = useRoleTexts();
  const editable = mayUpdate && !role.is_immutable;
  // A role somebody holds cannot be deleted: say so instead of letting the server refuse.
  const deleteBlocked = role.is_immutable
    ? t('list.immutableHint')
    : role.user_count > 0
      ? t('list.inUse', { count: role.user_count })
      : null;
  return (
    <Card
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="role-card"
      data-role={role.name}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}
        >
          <Typography variant="body2" color="text.secondary" data-testid="role-user-count">
            {t('list.users', { count: role.user_count })}
          </Typography>
          {role.users_preview.length > 0 && (
            <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 30, height: 30 } }}>
              {role.users_preview.map((u) => (
                <Tooltip key={u.id} title={u.fullname}>
                  <Box>
                    <PersonAvatar name={u.fullname} src={u.avatar} size={30} />
                  </Box>
                </Tooltip>
              ))}
            </AvatarGroup>
          )}
        </Stack>
        <Typography variant="h5" component="h2" data-testid="role-name">
          {roleTexts.name(role.name)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, minHeight: 20 }}>
          {roleTexts.description(role.name, role.description) ?? t('list.noDescription')}
        </Typography>
        <Stack direction="row" sx={{ mt: 1.5, gap: 0.75, flexWrap: 'wrap' }}>
          <Chip size="small" label={t('list.permissions', { count: role.permissions.length })} />
          {role.is_immutable ? (
            <Chip size="small" icon={<LockOutlined />} label={t('list.immutable')} />
          ) : (
            role.is_builtin && <Chip size="small" variant="outlined" label={t('list.builtin')} />
          )}
          {isOwnRole && <Chip size="small" color="primary" label={t('list.yours')} />}
          {showTenant && (
            <Chip size="small" variant="outlined" label={role.tenant_name ?? t('list.platform')} />
          )}
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', px: 2, pb: 2 }}>
        <Button
          size="small"
          startIcon={editable ? <EditOutlined /> : <VisibilityOutlined />}
          onClick={onOpen}
          aria-label={
            editable ? t('list.edit', { name: role.name }) : t('list.view', { name: role.name })
          }
          data-testid="role-open"
        >
          {editable ? t('list.editButton') : t('list.viewButton')}
        </Button>
        {mayDelete && (
          <Tooltip title={deleteBlocked ?? t('list.delete', { name: role.name })}>
            {/* A span keeps the tooltip on a disabled button. */}
            <span>
              <IconButton
                aria-label={t('list.delete', { name: role.name })}
                disabled={Boolean(deleteBlocked)}
                onClick={onDelete}
                data-testid="role-delete"
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
}
