/** "Now", injectable so tests can move time (sold out resets at the next business day). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
