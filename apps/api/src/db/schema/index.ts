export * from './companies.js';
export * from './identity.js';
