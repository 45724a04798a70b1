export * from './companies.js';
export * from './identity.js';
export * from './notifications.js';
