import {
  authStatusSchema,
  BODY_LIMITS,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  errorBodySchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
} from '@abp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service.js';
import { endSession, readSession, sessionIdOf, startSession } from './session.js';

export const authRoutes = (auth: AuthService): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      '/status',
      { config: { public: true }, schema: { tags: ['auth'], response: { 200: authStatusSchema } } },
      async (request) => {
        const session = await readSession(request, auth, false);
        return session
          ? { authenticated: true, loginTime: session.loginTime, lastActivity: session.lastActivity }
          : { authenticated: false, loginTime: null, lastActivity: null };
      },
    );

    app.post(
      '/login',
      {
        config: { public: true },
        bodyLimit: BODY_LIMITS.auth,
        schema: {
          tags: ['auth'],
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request) => {
        const result = await auth.login(request.body.password, request.ip);
        startSession(request, result.sessionId);
        return { success: true as const, loginTime: result.loginTime };
      },
    );

    app.post(
      '/logout',
      {
        config: { public: true },
        bodyLimit: BODY_LIMITS.auth,
        schema: { tags: ['auth'], response: { 200: logoutResponseSchema } },
      },
      async (request) => {
        await endSession(request, auth);
        return { success: true as const };
      },
    );

    app.post(
      '/change-password',
      {
        bodyLimit: BODY_LIMITS.auth,
        schema: {
          tags: ['auth'],
          body: changePasswordRequestSchema,
          response: {
            200: changePasswordResponseSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) => {
        // The guard has already checked the session, so it has an id.
        await auth.changePassword(
          request.body.currentPassword,
          request.body.newPassword,
          sessionIdOf(request) ?? '',
          request.ip,
        );
        return { success: true, message: 'Password changed. Other sessions have been signed out.' };
      },
    );
  };
