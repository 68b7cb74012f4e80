export * from './app-info.js';
export * from './errors.js';
export * from './auth.js';
export * from './health.js';
export * from './diagnostics.js';
export * from './generation.js';
