import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { useLocation, useNavigate } from 'react-router';
import { LockCard } from '../../../components/lock-screen';
import { centredPage } from '../components/auth-shell';
import { afterSignInPath } from '../../../lib/route-guard';
import { lockSession } from '../../../lib/session/session-runtime';
import { useIsLocked } from '../../../lib/session/session-store';

/** /locked: the lock screen on its own page; opening it locks every tab. */
export function LockedPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const locked = useIsLocked();

  useEffect(() => {
    lockSession();
  }, []);

  return (
    <Box sx={{ ...centredPage, p: 2 }}>
      <LockCard
        headingLevel="h1"
        onUnlocked={() => void navigate(afterSignInPath(search), { replace: true })}
        locked={locked}
      />
    </Box>
  );
}
