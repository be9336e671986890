// A local HTTP server that plays the outside providers in tests: SMS and e-mail delivery (signature
// checked, messages recorded), KYC sessions, the complaint chat-bot webhook and a Google JWKS.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { sign, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../adapters/signing.js';
import { webhookSign } from '../adapters/complaint.js';

export interface SentMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  text: string;
}

export interface FakeProviders {
  url: string;
  messages: SentMessage[];
  complaints: { body: Record<string, unknown>; signatureOk: boolean }[];
  kycSessions: Map<string, { userId: string; status: 0 | 1 | 2 }>;
  /** Signature failures seen (should stay empty). */
  badSignatures: string[];
  /** What the complaint webhook answers. */
  webhookCode: number;
  /** Signs a Google-style ID token with the served JWKS key. */
  googleToken(claims: Record<string, unknown>, audience: string, options?: { issuer?: string; foreignKey?: boolean }): Promise<string>;
  lastCode(to: string): string | undefined;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeProviders(secret: string, webhookSecret: string): Promise<FakeProviders> {
  const signing = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const state: Omit<FakeProviders, 'url' | 'close' | 'googleToken' | 'lastCode'> = {
    messages: [],
    complaints: [],
    kycSessions: new Map(),
    badSignatures: [],
    webhookCode: 0,
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://x');
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === '/jwks') return send(200, { keys: [jwk] });
      if (url.pathname === '/webhook') {
        const body = JSON.parse(raw) as Record<string, unknown>;
        const signatureOk = body.sign === webhookSign(String(body.timestamp), webhookSecret);
        state.complaints.push({ body, signatureOk });
        return send(200, { code: signatureOk ? state.webhookCode : 19021, msg: signatureOk ? 'success' : 'sign match fail' });
      }
      const payload = request.method === 'GET' ? `${url.pathname}${url.search}` : raw;
      const timestamp = String(request.headers[TIMESTAMP_HEADER] ?? '');
      if (request.headers[SIGNATURE_HEADER] !== sign(secret, timestamp, payload)) {
        state.badSignatures.push(url.pathname);
        return send(401, { code: 401, msg: 'bad signature', data: null });
      }
      if (url.pathname === '/sms/send' || url.pathname === '/email/send') {
        const body = JSON.parse(raw) as { to: string; text: string; subject?: string };
        state.messages.push({ channel: url.pathname === '/sms/send' ? 'sms' : 'email', ...body });
        return send(200, { code: 200, msg: 'success', data: { messageId: randomUUID() } });
      }
      if (url.pathname === '/kyc/sessions' && request.method === 'POST') {
        const body = JSON.parse(raw) as { userId: string };
        const certifyId = randomUUID();
        state.kycSessions.set(certifyId, { userId: body.userId, status: 0 });
        return send(200, { certifyId, verifyUrl: `http://127.0.0.1/kyc/${certifyId}` });
      }
      const match = /^\/kyc\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (match && request.method === 'GET') {
        const session = state.kycSessions.get(match[1]!);
        if (!session) return send(404, { code: 404, msg: 'not found', data: null });
        return send(200, { certifyId: match[1], ...session });
      }
      return send(404, { code: 404, msg: 'not found', data: null });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const providers = state as FakeProviders;
  providers.url = `http://127.0.0.1:${port}`;
  providers.googleToken = async (claims, audience, options = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(options.foreignKey ? foreign.privateKey : signing.privateKey);
  providers.lastCode = (to) => {
    const found = [...providers.messages].reverse().find((message) => message.to === to);
    return found ? /(\d{6})/.exec(found.text)?.[1] : undefined;
  };
  providers.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return providers;
}
