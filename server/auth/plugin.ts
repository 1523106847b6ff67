import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { unauthorized } from '../http/envelope';
import { findActiveSession } from './tokens';

export interface TokenClaims {
  sub: string;
  sid: string;
  username: string;
}

export interface AuthContext {
  userId: number;
  username: string;
  sessionId: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preValidation hook: 401 unless the request carries a valid, unrevoked bearer token of an active user. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    db: Kysely<Database>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Resolves a raw token to its live session, or null when it is invalid, expired or revoked. */
export async function resolveToken(app: FastifyInstance, token: string): Promise<(AuthContext & { expiresAt: string }) | null> {
  let claims: TokenClaims;
  try {
    claims = app.jwt.verify<TokenClaims>(token);
  } catch {
    return null;
  }
  const session = await findActiveSession(app.db, claims.sid);
  if (!session || String(session.userId) !== claims.sub) return null;
  return { userId: session.userId, username: session.username, sessionId: session.sessionId, expiresAt: session.expiresAt };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export default fp(
  /**
   * `tokenLifetimeSeconds`: a token's own expiry, the absolute limit of its session; the session row ends it sooner
   * (its sliding expiry, logout, a deactivated user).
   */
  async (app: FastifyInstance, options: { secret: string; tokenLifetimeSeconds: number }) => {
    await app.register(fastifyJwt, { secret: options.secret, sign: { expiresIn: options.tokenLifetimeSeconds } });
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Not logged in', { code: 'auth.not_logged_in' });
      const auth = await resolveToken(app, token);
      if (!auth) throw unauthorized();
      request.auth = { userId: auth.userId, username: auth.username, sessionId: auth.sessionId };
    });
  },
  { name: 'skyline-auth' },
);
