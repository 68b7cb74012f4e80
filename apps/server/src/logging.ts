import type { FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context.js';

// Its own file so that start-up can log before the HTTP app's modules are loaded (see main.ts).
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
];

export function loggerOptions(ctx: Pick<AppContext, 'config'>): FastifyServerOptions['logger'] {
  const { logLevel, prettyLogs } = ctx.config;
  return {
    level: logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    ...(prettyLogs ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
}
