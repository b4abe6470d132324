// The contract's public surface: schemas, catalogues and pure functions shared by server and web.
export * from './account';
export * from './auth';
export * from './common';
export * from './errors';
export * from './locale';
export * from './menus';
export * from './money';
export * from './notifications';
export * from './outlet-hours';
export * from './permissions';
export * from './pricing';
export * from './session-extras';
export * from './status-machines';
export * from './time';
export * from './ui-settings';
export * from './validation';
