export * from './companies.js';
export * from './identity.js';
export * from './lookups.js';
export * from './messaging.js';
export * from './notifications.js';
export * from './tracking.js';
