/** The airspace rules, pure and shared: the server enforces them, the console shows their verdict before saving. */
export * from './types';
export * from './leadTime';
export * from './geometry';
export * from './application';
export * from './autoApproval';
export * from './volume';
export * from './plan';
