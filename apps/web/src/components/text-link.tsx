import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * A router link styled as text in the readable primary colour. Built on Typography so the
 * sign-in pages do not also load MUI's Link.
 */
export function TextLink({
  to,
  children,
  onClick,
  align = 'start',
}: {
  to: string;
  children: ReactNode;
  onClick?: () => void;
  align?: 'start' | 'center' | 'end';
}) {
  return (
    <Typography
      component={RouterLink}
      to={to}
      onClick={onClick}
      variant="body2"
      sx={{
        alignSelf: align === 'start' ? 'flex-start' : align === 'end' ? 'flex-end' : 'center',
        color: 'primaryText',
        fontWeight: 500,
        textDecoration: 'underline',
        textUnderlineOffset: '3px',
        '&:hover': { textDecorationThickness: 2 },
      }}
    >
      {children}
    </Typography>
  );
}
