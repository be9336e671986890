// The app factory: every service's Fastify instance is built here, the same way.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import sensible from '@fastify/sensible';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERRORS, resolveLanguage, type ErrorName, type Language } from '@aipay/contracts';
import { isAppError } from './errors.js';
import { loggerOptions } from './logger.js';
import { describeIssues } from './validation.js';
import { registerHealth, type ReadinessCheck } from './health.js';
import { registerMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
}

export interface AppOptions {
  name: string;
  version?: string;
  logLevel?: string;
  /** Named checks behind /ready (MongoDB, Redis, Kafka, Temporal ...). */
  readiness?: ReadinessCheck[];
  bodyLimit?: number;
  /** Pass false to get an app without logs (unit tests). */
  logger?: boolean;
  /** Answers a request no route matched before the 404 envelope (the gateway's SPA fallback). */
  onNotFound?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> | boolean;
}


function sendError(reply: FastifyReply, language: Language, name: ErrorName, data: unknown = null, msg?: string): FastifyReply {
  const def = ERRORS[name];
  return reply.status(def.status).send({ code: def.code, msg: msg ?? def[language], data });
}

export async function createApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(options.name, options.logLevel),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // Calls without a payload (logout, deleteAccount ...) may still carry `content-type: application/json`
  // from a client wrapper: an empty body means no body, not a 400. JSON is otherwise parsed as usual
  // (prototype poisoning refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('language', 'zh');
  app.addHook('onRequest', async (request, reply) => {
    request.language = resolveLanguage(request.headers.language ?? request.headers['accept-language']);
    reply.header('x-request-id', request.id);
  });

  await app.register(sensible);
  await app.register(swagger, {
    openapi: {
      info: { title: `${options.name} API`, version: options.version ?? '0.1.0' },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'accessToken' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerHealth(app, options.readiness ?? []);
  registerMetrics(app, options.name);

  app.setNotFoundHandler(async (request, reply) => {
    if (options.onNotFound && (await options.onNotFound(request, reply))) return reply;
    return sendError(reply, request.language, 'NOT_FOUND');
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language ?? resolveLanguage(request.headers.language);
    if (isAppError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return sendError(reply, language, error.errorName, error.data, error.overrideMsg);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = describeIssues(error.validation, error.validationContext, language);
      return sendError(reply, language, 'PARAM_INVALID', { field: issues[0]?.field, issues }, issues[0]?.message);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendError(reply, language, 'SERVER_ERROR');
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, language, 'TOO_MANY_REQUESTS');
    if (status === 401) return sendError(reply, language, 'TOKEN_OVERDUE');
    if (status === 403) return sendError(reply, language, 'NO_PERMISSION');
    if (status === 404) return sendError(reply, language, 'NOT_FOUND');
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the body as a whole is the field.
      const field = 'body';
      const msg = language === 'zh' ? `请求体无效：${error.message}` : `Invalid request body: ${error.message}`;
      return reply.status(400).send({ code: ERRORS.PARAM_INVALID.code, msg, data: { field } });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, language, status === 503 ? 'SERVICE_UNAVAILABLE' : 'SERVER_ERROR');
  });

  return app;
}

export type AppInstance = Awaited<ReturnType<typeof createApp>>;
