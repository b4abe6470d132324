import type { DriverSet } from './walk';

// The customer app's content and the ways it is paid: app features, content texts, banners and
// payment gateways.

export const appContentDrivers: DriverSet = () => ({});
