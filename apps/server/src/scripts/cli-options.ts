import { parseArgs } from 'node:util';

// The scripts' command-line options, each `--name value` a string with its default (undefined:
// none) and each flag a boolean, so a script lists only its names and defaults.

type Parsed<D> = { [K in keyof D]: D[K] extends string ? string : string | undefined };

export function cliOptions<D extends Record<string, string | undefined>, F extends string = never>(
  defaults: D,
  flags: readonly F[] = [],
): Parsed<D> & Record<F, boolean> {
  const options: Record<string, { type: 'string' | 'boolean'; default?: string | boolean }> = {};
  for (const [name, value] of Object.entries(defaults)) {
    options[name] = value === undefined ? { type: 'string' } : { type: 'string', default: value };
  }
  for (const flag of flags) options[flag] = { type: 'boolean', default: false };
  return parseArgs({ options }).values as Parsed<D> & Record<F, boolean>;
}

/** The demo user a bench signs in as unless told otherwise (`--username`, `--password`). */
export const DEMO_SIGN_IN = { username: 'admin', password: 'Kopi@1234' };
