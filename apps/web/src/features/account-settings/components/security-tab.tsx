import Stack from '@mui/material/Stack';
import { ChangePasswordCard } from './change-password-card';
import { TwoStepCard } from './two-step-card';
import { AccountSessionsCard } from './account-sessions-card';
import { PinCard } from './pin-card';

/**
 * The account page's security tab: the password, two-step sign-in, the approval PIN (staff of a
 * business) and the signed-in devices.
 */
export function SecurityTab() {
  return (
    <Stack spacing={3}>
      <ChangePasswordCard />
      <TwoStepCard />
      <PinCard />
      <AccountSessionsCard />
    </Stack>
  );
}
