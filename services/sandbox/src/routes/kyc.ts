// The face-verification (KYC) provider: sessions, the hosted page, the result and its callback.
import { z } from 'zod';
import { appError } from '@aipay/kit';
import type { Background } from '../callbacks.js';
import type { SandboxConfig } from '../config.js';
import { requireSignature, type SandboxApp } from '../http.js';
import { kycFinishedPage, kycPage, notFoundPage, sendPage } from '../pages.js';
import type { KycSession, SandboxStore } from '../store.js';

const httpUrl = z.url({ protocol: /^https?$/ });

const createBody = z.object({
  userId: z.string().min(1).max(128),
  name: z.string().max(100).optional(),
  idNumber: z.string().max(64).optional(),
  returnUrl: httpUrl,
  callbackUrl: httpUrl.optional(),
});
const params = z.object({ certifyId: z.string().min(1).max(100) });
const resultBody = z.object({ result: z.enum(['pass', 'fail']) });

export interface KycDeps {
  config: SandboxConfig;
  store: SandboxStore;
  background: Background;
}

function returnTo(session: KycSession): string {
  const url = new URL(session.returnUrl);
  url.searchParams.set('certifyId', session.certifyId);
  return url.toString();
}

export function registerKyc(app: SandboxApp, { config, store, background }: KycDeps): void {
  const preValidation = requireSignature(config.SANDBOX_SECRET);
  const publicUrl = config.PUBLIC_URL.replace(/\/+$/, '');

  async function finish(certifyId: string, result: 'pass' | 'fail') {
    const outcome = await store.finishSession(certifyId, result === 'pass' ? 1 : 2);
    const callbackUrl = outcome?.changed ? outcome.session.callbackUrl : undefined;
    if (outcome && callbackUrl) void background.deliver(callbackUrl, { certifyId, status: outcome.session.status });
    return outcome;
  }

  app.post('/kyc/sessions', { preValidation, schema: { body: createBody } }, async (request) => {
    const session = await store.createSession(request.body);
    const auto = config.KYC_AUTO_RESULT;
    if (auto !== 'none') background.later(config.KYC_AUTO_DELAY_MS, () => finish(session.certifyId, auto));
    const verifyUrl = `${publicUrl}/kyc/verify/${session.certifyId}`;
    return { code: 200, msg: 'success', data: { certifyId: session.certifyId, verifyUrl } };
  });

  app.get('/kyc/sessions/:certifyId', { preValidation, schema: { params } }, async (request) => {
    const session = await store.getSession(request.params.certifyId);
    if (!session) throw appError('NOT_FOUND');
    return { code: 200, msg: 'success', data: { certifyId: session.certifyId, userId: session.userId, status: session.status } };
  });

  app.get('/kyc/verify/:certifyId', { schema: { params, hide: true } }, async (request, reply) => {
    const session = await store.getSession(request.params.certifyId);
    if (!session) return sendPage(reply, 404, notFoundPage);
    return sendPage(reply, 200, (nonce) => kycPage(session, nonce));
  });

  // Unsigned: the browser posts here from the hosted page (a form) or a test posts JSON.
  app.post('/kyc/verify/:certifyId/result', { schema: { params, body: resultBody } }, async (request, reply) => {
    const fromBrowser = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
    const outcome = await finish(request.params.certifyId, request.body.result);
    if (!outcome) {
      if (fromBrowser) return sendPage(reply, 404, notFoundPage);
      throw appError('NOT_FOUND');
    }
    const { session, changed } = outcome;
    if (!changed) {
      if (fromBrowser) return sendPage(reply, 409, (nonce) => kycFinishedPage(session, nonce));
      throw appError('CONFLICT', { msg: 'sandbox: this verification has already finished', data: { certifyId: session.certifyId, status: session.status } });
    }
    return reply.redirect(returnTo(session), 303);
  });
}
