import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { roleName, type StaffUserDetail } from '@kopi/contract';
import { describeHeld } from '../../../lib/permission-catalogue';
import { useUserStrings } from '../i18n';
import { cardTitle } from '../../../components/card-title';

/** A permission's words wrap inside its chip on a narrow screen rather than being cut off. */
const wrapping = {
  height: 'auto',
  minHeight: 24,
  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
} as const;

export function PermissionsCard({ user }: { user: StaffUserDetail }) {
  const { t, language } = useUserStrings();
  const { groups, unknown } = describeHeld(user.permissions, language);
  return (
    <Card sx={{ height: '100%' }} data-testid="user-permissions">
      <CardHeader
        title={t('view.permissions')}
        subheader={`${t('view.permissionsHint', { role: roleName(language, user.role_name) })} ${t('view.permissionCount', { count: user.permissions.length })}`}
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
                    sx={wrapping}
                  />
                ))}
              </Box>
            </Box>
          ))}
          {unknown.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
              {unknown.map((p) => (
                <Chip
                  key={p}
                  size="small"
                  variant="outlined"
                  label={p}
                  data-permission={p}
                  sx={wrapping}
                />
              ))}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
