export * from './operator.js';
export * from './queue-probes.js';
export * from './sites.js';
export * from './articles.js';
