import type { DriverSet } from './walk';

// Outlets and their hours and closures, categories, products, variant groups, add-ons, banners and payment gateways.

export const catalogueDrivers: DriverSet = () => ({});
