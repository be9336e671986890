// A local HTTP server that answers identity's internal API the way identity does (docs/identity.md
// "Internal API"; identity's own tests cover the real routes): it stands for another of our
// services in payments' service tests. Users are VERIFIED mainland users unless a test says
// otherwise (so tests about other things meet the $3000 limit, not the $100 one), without a payment
// password until `payPassword` is set (checked like identity: 5 failures lock); `down` makes every
// call fail like an unreachable service.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listenLocally } from './standIn.js';
import { randomUUID } from 'node:crypto';

export interface FakeIdentityUser {
  areaCode: number | null;
  verified: boolean;
  certifyId: string | null;
  /** The provider's status of the last session: 0 processing, 1 success, 2 failure. */
  sessionStatus: 0 | 1 | 2;
  /** The payment password (6 digits), null when not set; failures counted in `payFailCount`. */
  payPassword: string | null;
  payFailCount: number;
}

export interface FakeIdentity {
  url: string;
  token: string;
  users: Map<string, FakeIdentityUser>;
  /** Every call: method, path, whether the token was right, and the JSON body. */
  calls: { method: string; path: string; tokenOk: boolean; body: unknown }[];
  /** true: close every connection without an answer (identity unreachable). */
  down: boolean;
  /** Unknown users (404, as for a deleted user). */
  unknown: Set<string>;
  user(userId: string): FakeIdentityUser;
  set(userId: string, patch: Partial<FakeIdentityUser>): void;
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

export async function startFakeIdentity(token: string): Promise<FakeIdentity> {
  const fake = { token, users: new Map(), calls: [], down: false, unknown: new Set() } as unknown as FakeIdentity;
  fake.user = (userId) => {
    let user = fake.users.get(userId);
    if (!user) {
      user = { areaCode: 86, verified: true, certifyId: null, sessionStatus: 1, payPassword: null, payFailCount: 0 };
      fake.users.set(userId, user);
    }
    return user;
  };
  fake.set = (userId, patch) => Object.assign(fake.user(userId), patch);

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (fake.down) {
        request.socket.destroy();
        return;
      }
      const raw = await readBody(request);
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const tokenOk = request.headers['x-internal-token'] === fake.token;
      fake.calls.push({ method: request.method ?? '', path, tokenOk, body: raw ? (JSON.parse(raw) as unknown) : undefined });
      const send = (code: number, data: unknown, status = code === 200 ? 200 : code) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code, msg: code === 200 ? 'success' : 'refused', data }));
      };
      if (!tokenOk) return send(403, null);
      const match = /^\/internal\/users\/([^/]+)\/(payer|identityVerify|identityStatus|verifyPayPassword)$/.exec(path);
      if (!match) return send(404, null);
      const userId = decodeURIComponent(match[1]!);
      if (fake.unknown.has(userId)) return send(404, null);
      const user = fake.user(userId);
      switch (`${request.method} ${match[2]}`) {
        case 'GET payer':
          return send(200, { userId, areaCode: user.areaCode, isHKMOUser: user.areaCode === 852 || user.areaCode === 853, verified: user.verified });
        case 'POST identityVerify': {
          if (user.verified) return send(3111, null, 400);
          user.certifyId = randomUUID();
          user.sessionStatus = 0;
          return send(200, { certifyId: user.certifyId, verifyUrl: `http://kyc.test/verify/${user.certifyId}` });
        }
        case 'GET identityStatus': {
          if (user.verified) return send(200, { certifyId: user.certifyId, status: 1, verified: true });
          if (!user.certifyId) return send(200, { certifyId: null, status: 2, verified: false });
          if (user.sessionStatus === 1) user.verified = true;
          return send(200, { certifyId: user.certifyId, status: user.sessionStatus, verified: user.verified });
        }
        case 'POST verifyPayPassword': {
          const password = (JSON.parse(raw || '{}') as { password?: unknown }).password;
          if (typeof password !== 'string' || !/^\d{6}$/.test(password)) return send(400, { field: 'password' });
          if (user.payPassword === null) return send(200, { resultType: 1, failCount: user.payFailCount });
          if (user.payFailCount >= 5) return send(200, { resultType: 3, failCount: user.payFailCount });
          if (password === user.payPassword) {
            user.payFailCount = 0;
            return send(200, { resultType: 0, failCount: 0 });
          }
          user.payFailCount += 1;
          return send(200, { resultType: user.payFailCount >= 5 ? 3 : 2, failCount: user.payFailCount });
        }
        default:
          return send(404, null);
      }
    })();
  });
  const listening = await listenLocally(server);
  fake.url = listening.url;
  fake.close = listening.close;
  return fake;
}
