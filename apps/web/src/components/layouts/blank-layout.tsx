import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** SPEC §2 blank layout: no navigation frame. */
export function BlankLayout() {
  return (
    <Box
      component="main"
      id="main-content"
      data-testid="layout-blank"
      sx={{ minHeight: '100vh', bgcolor: 'background.default' }}
    >
      <Outlet />
    </Box>
  );
}
