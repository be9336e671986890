// Access tokens: EdDSA JWTs from the accessToken header or Authorization: Bearer, checked against
// a per-user token version in Redis so that logout and "logged in elsewhere" revoke at once.
import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { appError } from './errors.js';

export interface AccessTokenClaims {
  /** User id. */
  sub: string;
  /** Token version at issue time; a higher version in Redis revokes this token. */
  ver: number;
  /** Session id, for logs and audit. */
  sid: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AccessTokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that rejects requests without a valid, unrevoked token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export type RevokeReason = 'logout' | 'elsewhere' | 'password' | 'mobile' | 'deleted';

const versionKey = (userId: string) => `auth:session:${userId}`;

/** Session versions, shared by every service through Redis (no key prefix). */
export class SessionVersions {
  constructor(private readonly redis: Redis) {}

  async current(userId: string): Promise<{ ver: number; reason: RevokeReason | undefined }> {
    const [ver, reason] = await this.redis.hmget(versionKey(userId), 'ver', 'reason');
    return { ver: Number(ver ?? 0), reason: (reason ?? undefined) as RevokeReason | undefined };
  }

  /** Ends every session of the user that was issued before now. */
  async revoke(userId: string, reason: RevokeReason): Promise<number> {
    const [[, ver]] = (await this.redis.multi().hincrby(versionKey(userId), 'ver', 1).hset(versionKey(userId), 'reason', reason).exec()) as [[null, number]];
    return ver;
  }
}

export function extractToken(request: FastifyRequest): string | undefined {
  const header = request.headers.accesstoken;
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct) return direct.trim();
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim();
  return undefined;
}

export interface AuthOptions {
  publicKey: string;
  /** Only for services that issue tokens (identity) and tests. */
  privateKey?: string | undefined;
  redis: Redis;
  ttlSeconds?: number;
}

async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const versions = new SessionVersions(options.redis);
  await app.register(fastifyJwt, {
    secret: { public: options.publicKey, private: options.privateKey ?? '' },
    sign: { algorithm: 'EdDSA', expiresIn: options.ttlSeconds ?? 7 * 24 * 3600 },
    verify: { algorithms: ['EdDSA'], extractToken },
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (!extractToken(request)) throw appError('TOKEN_OVERDUE');
    let claims: AccessTokenClaims;
    try {
      claims = await request.jwtVerify<AccessTokenClaims>();
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw appError(code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED' ? 'TOKEN_OVERDUE' : 'TOKEN_ERROR', { cause: error });
    }
    if (typeof claims.sub !== 'string' || typeof claims.ver !== 'number') throw appError('TOKEN_ERROR');
    const { ver, reason } = await versions.current(claims.sub);
    if (claims.ver < ver) throw appError(reason === 'elsewhere' ? 'LOGGED_IN_ELSEWHERE' : 'TOKEN_ERROR');
  });
}

export const auth = fp(authPlugin, { name: 'aipay-auth' });

/** Issues a token for the user's current session version (identity service and tests). */
export async function issueAccessToken(app: FastifyInstance, redis: Redis, userId: string): Promise<string> {
  const { ver } = await new SessionVersions(redis).current(userId);
  return app.jwt.sign({ sub: userId, ver, sid: randomUUID() });
}
