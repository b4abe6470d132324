import type { MouseEvent, ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { useHref, useNavigate } from 'react-router';

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * A text link in the readable primary colour for the sign-in pages. A plain anchor that navigates
 * in the app: the router's Link (with its prefetching) and MUI's Link stay off the sign-in bundle.
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
  const navigate = useNavigate();
  const href = useHref(to);
  return (
    <Typography
      component="a"
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.();
        if (!isPlainClick(event)) return;
        event.preventDefault();
        void navigate(to);
      }}
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
