// Test helpers for the card issuers: secrets for both platforms and a client that signs its
// requests as the card service does and checks the issuer's signed answers.
import { randomBytes } from 'node:crypto';
import { ISSUER_SCHEMES, signIssuerRequest, verifyIssuerAnswer, type IssuerPlatform } from '@aipay/pay-protocols';
import type { Sandbox } from '../pay/testkit.js';

export function issuerSecrets() {
  const secret = () => randomBytes(24).toString('hex');
  return {
    qbitbudget: { apiSecret: secret(), webhookSecret: secret() },
    corpay: { apiSecret: secret(), webhookSecret: secret() },
  };
}

export type IssuerTestSecrets = ReturnType<typeof issuerSecrets>;

/** The sandbox's environment for `secrets`, webhooks to `webhookUrl` (per platform path) when given. */
export function issuerEnv(secrets: IssuerTestSecrets, webhookUrl?: string): Record<string, string> {
  return {
    PAY_ISSUER_QBITBUDGET_API_SECRET: secrets.qbitbudget.apiSecret,
    PAY_ISSUER_QBITBUDGET_WEBHOOK_SECRET: secrets.qbitbudget.webhookSecret,
    PAY_ISSUER_CORPAY_API_SECRET: secrets.corpay.apiSecret,
    PAY_ISSUER_CORPAY_WEBHOOK_SECRET: secrets.corpay.webhookSecret,
    ...(webhookUrl
      ? { PAY_ISSUER_QBITBUDGET_WEBHOOK_URL: `${webhookUrl}/v1/card/notify/qbitbudget`, PAY_ISSUER_CORPAY_WEBHOOK_URL: `${webhookUrl}/v1/card/notify/corpay` }
      : {}),
  };
}

/** Calls one platform's API as the card service: signed, and the answer's signature checked. */
export function issuerClient(app: Sandbox, platform: IssuerPlatform, secrets: IssuerTestSecrets) {
  const base = ISSUER_SCHEMES[platform].basePath;
  const { apiSecret, webhookSecret } = secrets[platform];
  return async function call(method: 'GET' | 'POST', path: string, body?: object, override: { headers?: Record<string, string>; timestamp?: number } = {}) {
    const url = `${base}${path}`;
    const payload = body === undefined ? '' : JSON.stringify(body);
    const signed = signIssuerRequest(platform, { secret: apiSecret, method, path: url, body: payload, ...(override.timestamp ? { timestamp: override.timestamp } : {}) });
    const response = await app.inject({
      method,
      url,
      headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...signed, ...override.headers },
      ...(payload ? { payload } : {}),
    });
    const answerSigned = verifyIssuerAnswer(platform, { secret: webhookSecret, status: response.statusCode, path: url, body: response.body, headers: response.headers as Record<string, string> }).ok;
    return { status: response.statusCode, json: response.json(), answerSigned, response };
  };
}

export type IssuerCall = ReturnType<typeof issuerClient>;

export const requestId = (label = 'R') => `${label}-${randomBytes(6).toString('hex')}`;

export const holder = { firstName: 'San', lastName: 'Zhang', email: 'zhang.san@example.com' };
