import { type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { StaffUserDetail } from '@kopi/contract';
import { formatDateTime } from '../../../lib/formatters';
import { useUserStrings } from '../i18n';
import { cardTitle } from '../../../components/card-title';

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

export function ProfileCard({ user }: { user: StaffUserDetail }) {
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
