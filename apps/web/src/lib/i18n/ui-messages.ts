import type { en } from './en';
import type { enShell } from './en-shell';

/** The interface's strings in any language: the shape of en.ts + en-shell.ts, every leaf a string. */
type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
export type UiMessages = Messages<typeof en & typeof enShell>;
