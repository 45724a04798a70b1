export * from './access.js';
export * from './constants.js';
export * from './i18n.js';
export * from './people.js';
export * from './schemas/auth.js';
export * from './schemas/common.js';
export * from './schemas/company.js';
export * from './schemas/localization.js';
