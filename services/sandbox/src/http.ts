// Fastify glue shared by the routes: raw-body capture and the signature check.
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { appError, type AppInstance } from '@aipay/kit';
import { verifySignature, type VerifyFailure } from './signing.js';

export type SandboxApp = AppInstance;

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received; signatures are computed over it. */
    rawBody?: string;
  }
}

/** Re-registers the JSON parser to keep the raw text, and parses HTML form posts. */
export function captureRawBodies(app: SandboxApp): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    // An empty body is no body (a bodiless POST from a client that always sets the JSON type).
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

const REASONS: Record<VerifyFailure, string> = {
  missing: 'missing x-sandbox-timestamp or x-sandbox-signature',
  expired: 'x-sandbox-timestamp is more than 5 minutes away',
  'bad-signature': 'x-sandbox-signature does not match',
};

/** What a request is signed over: its raw body, or for a GET its path with query. */
export function signedPayload(request: FastifyRequest): string {
  return request.method === 'GET' || request.method === 'HEAD' ? request.url : (request.rawBody ?? '');
}

/** Runs before validation, so an unsigned request is a 401 whatever its body. */
export function requireSignature(secret: string): preValidationAsyncHookHandler {
  return async (request) => {
    const result = verifySignature(secret, request.headers, signedPayload(request));
    if (!result.ok) {
      request.log.warn({ reason: result.reason }, 'rejected an unsigned or badly signed request');
      throw appError('TOKEN_OVERDUE', { msg: `Invalid sandbox signature: ${REASONS[result.reason]}` });
    }
  };
}
