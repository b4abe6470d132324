import Avatar from '@mui/material/Avatar';
import { initials } from '../lib/formatters';

/** A person's picture, or the initials of the first two words of their name (SPEC §9). */
export function PersonAvatar({
  name,
  src,
  size = 34,
}: {
  name: string;
  src?: string | null;
  size?: number;
}) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={src ? name : undefined}
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        bgcolor: 'primary.light',
        color: 'primary.contrastText',
      }}
    >
      {initials(name) || '?'}
    </Avatar>
  );
}
