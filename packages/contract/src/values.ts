// The contract's plain values and functions, without zod: `@kopi/contract/values`. The web's code
// that runs before the sign-in page paints imports from here, so no schema (and no zod) loads on
// a first visit; the full contract (index.ts) re-exports every module here, one definition each.
// Lint keeps these modules free of zod and of the schema modules (eslint.config.js).
export * from './account-values';
export * from './locale-values';
export * from './permissions';
export * from './ui-settings-values';
export * from './validation-values';
