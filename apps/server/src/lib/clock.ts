/** "Now", injectable so tests can move time (sold out resets at the next business day). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * The system clock moved by an offset the end-to-end run sets (KOPI_E2E only: POST
 * /api/dev/clock), so a journey can reach tomorrow's business day.
 */
export function offsetClock(base: Clock = systemClock) {
  let offsetMs = 0;
  return {
    now: (() => new Date(base().getTime() + offsetMs)) as Clock,
    setOffset(ms: number) {
      offsetMs = ms;
    },
  };
}
export type OffsetClock = ReturnType<typeof offsetClock>;
