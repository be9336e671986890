// Forwards /api/<seed path> to the owning service: login checked first, rate limited, request id
// forwarded, per-call timeouts, and upstream failures answered in the seeds' envelope.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ERRORS, type ErrorName } from '@aipay/contracts';
import { appError } from '@aipay/kit';
import { isPublic, routeFor, timeoutFor, type ServiceName } from './routing.js';

const AUTH_LIMITED = /^\/user\/(login|passwordLogin|register|forgotPassword|googleOAuthLogin|email\/verifyCode|login\/verifyCode|register\/verifyCode|verify\/|updatePassword\/verifyCode|updateUserMobile\/.*[vV]erifyCode)/;

export interface ProxyOptions {
  upstreams: Partial<Record<ServiceName, string>>;
  redis: Redis;
  perMinute: number;
  authPerMinute: number;
}

function stripApi(url: string): { path: string; query: string } {
  const withoutPrefix = url.slice('/api'.length) || '/';
  const index = withoutPrefix.indexOf('?');
  return index === -1
    ? { path: withoutPrefix, query: '' }
    : { path: withoutPrefix.slice(0, index), query: withoutPrefix.slice(index) };
}

function clientKey(request: FastifyRequest): string {
  const token = request.headers.accesstoken ?? request.headers.authorization;
  const value = Array.isArray(token) ? token[0] : token;
  return value ? `t:${createHash('sha256').update(value).digest('base64url').slice(0, 22)}` : `ip:${request.ip}`;
}

function sendEnvelope(reply: FastifyReply, request: FastifyRequest, name: ErrorName): FastifyReply {
  const def = ERRORS[name];
  return reply.status(def.status).send({ code: def.code, msg: def[request.language], data: null });
}

export async function registerProxy(app: FastifyInstance, options: ProxyOptions): Promise<void> {
  await app.register(async (scope) => {
    // The body goes to the service untouched (streams included): no parsing here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    await scope.register(replyFrom, {
      undici: { connections: 128, pipelining: 1, headersTimeout: 20_000, bodyTimeout: 20_000 },
      retryMethods: [],
    });
    await scope.register(rateLimit, {
      global: false,
      redis: options.redis,
      nameSpace: 'gateway:rl:',
      keyGenerator: clientKey,
      errorResponseBuilder: () => appError('TOO_MANY_REQUESTS'),
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const { path, query } = stripApi(request.url);
      const service = routeFor(path);
      if (!service) return sendEnvelope(reply, request, 'NOT_FOUND');
      if (!isPublic(path)) await app.authenticate(request);
      const upstream = options.upstreams[service];
      if (!upstream) return sendEnvelope(reply, request, 'SERVICE_UNAVAILABLE');
      return reply.from(`${upstream}${path}${query}`, {
        timeout: timeoutFor(path),
        rewriteRequestHeaders: (_original, headers) => ({
          ...headers,
          'x-request-id': request.id,
          'x-forwarded-for': request.ip,
          'x-forwarded-prefix': '/api',
        }),
        onError: (errorReply, { error }) => {
          const code = (error as { code?: string }).code ?? '';
          const timedOut = /TIMEOUT/i.test(code) || (error as { statusCode?: number }).statusCode === 504;
          request.log.warn({ err: error, service }, 'upstream call failed');
          return sendEnvelope(errorReply as FastifyReply, request, timedOut ? 'REQUEST_TIMEOUT' : 'SERVICE_UNAVAILABLE');
        },
      });
    };

    scope.route({
      method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      url: '/api/*',
      schema: { hide: true },
      config: {
        rateLimit: {
          max: (request: FastifyRequest) =>
            AUTH_LIMITED.test(stripApi(request.url).path) ? options.authPerMinute : options.perMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) =>
            AUTH_LIMITED.test(stripApi(request.url).path) ? `auth:${request.ip}` : clientKey(request),
        },
      },
      handler,
    });
  });
}
