import { formatInstant } from '../../lib/instant';

// A banner's schedule is two instants (UTC on the wire), read and typed on the business clock
// (lib/instant.ts).

/** The schedule in a line: both ends, or the one that is set, or null when it always shows. */
export function scheduleParts(
  banner: { starts_at: string | null; ends_at: string | null },
  timeZone: string,
): { from: string | null; until: string | null } {
  return {
    from: banner.starts_at ? formatInstant(banner.starts_at, timeZone) : null,
    until: banner.ends_at ? formatInstant(banner.ends_at, timeZone) : null,
  };
}
