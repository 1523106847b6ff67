import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginInfoSchema, userInfoSchema, type RoleRef } from '@shared/user';
import { z } from 'zod';
import { envelopeSchema, HttpError, notFound, ok, unauthorized } from '../http/envelope';
import { hashPassword, needsRehash, PASSWORD_COST, verifyPassword } from './password';
import { resolveToken } from './plugin';
import { createSession, extendSession, revokeSession } from './tokens';
import { findUserById, findUserByUsername, toUserInfo } from './users';

const credentialsSchema = z.object({
  username: z.string().trim().min(1, 'username is required').max(64),
  password: z.string().min(1, 'password is required').max(256),
});

const sessionSchema = z.object({ token: z.string(), expiresAt: z.string(), user: userInfoSchema });

export interface AuthRoutesOptions {
  tokenTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  loginRateLimit: { max: number; timeWindow: number };
  /** The user's roles and permission codes (server/rbac, a layer above sign-in: it reads the session's token). */
  rolesOf(userId: number): Promise<{ roles: RoleRef[]; permissions: string[] }>;
}

export default async function authRoutes(appBase: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/login/',
    {
      schema: { tags: ['auth'], summary: 'Sign in with username and password', body: credentialsSchema, response: { 200: envelopeSchema(sessionSchema) } },
      config: {
        rateLimit: {
          max: options.loginRateLimit.max,
          timeWindow: options.loginRateLimit.timeWindow,
          // After body parsing, so the key below sees the username (the default onRequest hook runs before it).
          hook: 'preValidation',
          // Tight per account and address, so guessing one password is slow without locking everyone out.
          keyGenerator: (request) => {
            const body = request.body as { username?: unknown } | undefined;
            const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
            return `login:${request.ip}:${username}`;
          },
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const user = await findUserByUsername(app.db, username);
      // Verify against a throwaway hash when the user is unknown, so timing does not reveal which usernames exist.
      const valid = await verifyPassword(password, user?.password_hash ?? UNKNOWN_USER_HASH);
      if (!user || !valid) throw new HttpError(401, 'Wrong username or password', undefined, { code: 'auth.wrong_credentials' });
      if (!user.is_active) throw new HttpError(403, 'This account is disabled', undefined, { code: 'auth.account_disabled' });
      if (needsRehash(user.password_hash))
        await app.db
          .updateTable('users')
          .set({ password_hash: await hashPassword(password) })
          .where('id', '=', user.id)
          .execute();
      const session = await createSession(app.db, user.id, options.tokenTtlSeconds);
      const token = app.jwt.sign({ sub: String(user.id), sid: session.id, username: user.username });
      return ok({ token, expiresAt: session.expiresAt, user: toUserInfo(user) });
    },
  );

  app.post(
    '/auth/verify/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check a token: 200 with its user while valid, 401 otherwise',
        body: z.object({ token: z.string().min(1, 'token is required') }),
        response: { 200: envelopeSchema(z.object({ valid: z.literal(true), expiresAt: z.string(), user: userInfoSchema })) },
      },
    },
    async (request) => {
      const auth = await resolveToken(app, request.body.token);
      if (!auth) throw unauthorized('Token is invalid, expired or revoked');
      const user = await findUserById(app.db, auth.userId);
      if (!user) throw unauthorized('Token is invalid, expired or revoked');
      return ok({ valid: true as const, expiresAt: auth.expiresAt, user: toUserInfo(user) });
    },
  );

  app.post(
    '/auth/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Keep the current session alive: its end moves to the token lifetime from now (never past the session's maximum age); the token stays the same",
        response: { 200: envelopeSchema(z.object({ expiresAt: z.string() })) },
      },
      preValidation: app.authenticate,
    },
    async (request) => {
      const expiresAt = await extendSession(app.db, request.auth!.sessionId, options.tokenTtlSeconds, options.sessionMaxAgeSeconds);
      if (!expiresAt) throw unauthorized('Token is invalid, expired or revoked');
      return ok({ expiresAt });
    },
  );

  app.post(
    '/auth/logout/',
    { schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 200: envelopeSchema(z.null()) } }, preValidation: app.authenticate },
    async (request) => {
      await revokeSession(app.db, request.auth!.sessionId);
      await app.grants.changed();
      return ok(null, 'logged out');
    },
  );

  app.post(
    '/auth/mqtt/',
    {
      schema: {
        tags: ['auth'],
        summary:
          "This session's broker account (external broker with dynamic security: a new password each call) and the id its scope's sysinfo topics are published under (null: scope all); null: connect with the login token",
        response: { 200: envelopeSchema(z.object({ username: z.string(), password: z.string(), scope: z.string().nullable() }).nullable()) },
      },
      preValidation: app.authenticate,
    },
    async (request) => {
      const credentials = app.mqtt?.credentials;
      return ok(credentials ? await credentials.issueBrowser(request.auth!) : null);
    },
  );

  app.get(
    '/logininfo/',
    {
      schema: { tags: ['auth'], summary: 'The signed-in user with roles and permission codes', response: { 200: envelopeSchema(loginInfoSchema) } },
      preValidation: app.authenticate,
    },
    async (request) => {
      const user = await findUserById(app.db, request.auth!.userId);
      if (!user) throw notFound('User not found', { code: 'auth.user_not_found' });
      const { roles, permissions } = await options.rolesOf(user.id);
      return ok({ ...toUserInfo(user), dept_id: user.dept_id, roles, permissions });
    },
  );
}

const UNKNOWN_USER_HASH = `scrypt$${PASSWORD_COST.N}$${PASSWORD_COST.r}$${PASSWORD_COST.p}$AAAAAAAAAAAAAAAAAAAAAA==$${Buffer.alloc(64).toString('base64')}`;
