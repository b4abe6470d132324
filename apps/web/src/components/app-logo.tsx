import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { appTitle } from '../lib/app-config';

export function AppLogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0, color: 'primary.main' }}
    >
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M16 24h26v14a12 12 0 0 1-12 12h-2a12 12 0 0 1-12-12z" fill="#fff" />
      <path d="M42 28h4a6 6 0 0 1 0 12h-4" fill="none" stroke="#fff" strokeWidth="4" />
      <path
        d="M24 12c-2 3 2 5 0 8M32 12c-2 3 2 5 0 8"
        stroke="#fff"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </Box>
  );
}

/** The logo with the app title; hideTitle keeps only the mark (collapsed navigation). */
export function AppLogo({ hideTitle = false, size = 32 }: { hideTitle?: boolean; size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <AppLogoMark size={size} />
      {!hideTitle && (
        <Typography
          component="span"
          sx={{ fontWeight: 700, fontSize: '1.25rem', whiteSpace: 'nowrap', color: 'text.primary' }}
        >
          {appTitle}
        </Typography>
      )}
    </Box>
  );
}
