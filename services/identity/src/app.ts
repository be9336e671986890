// The identity service's Fastify app (no listen): accounts, sign-in, codes, captcha, sessions,
// payment password, face verification, complaint.
import type { Redis } from 'ioredis';
import { createServiceApp, SessionVersions, type Connection, type ReadinessCheck } from '@aipay/kit';
import type { IdentityConfig } from './config.js';
import type { Ctx } from './context.js';
import { HttpNotifier, type Notifier } from './adapters/notifier.js';
import { HttpKycProvider, type KycProvider } from './adapters/kyc.js';
import { JoseGoogleVerifier, type GoogleVerifier } from './adapters/google.js';
import { WebhookComplaintSender, type ComplaintSender } from './adapters/complaint.js';
import { createModels } from './store/models.js';
import { UserStore } from './store/users.js';
import { CodeStore } from './store/codes.js';
import { LoginFailures, OneTimeStore } from './store/tokens.js';
import { captchaRoutes } from './routes/captcha.js';
import { codeRoutes } from './routes/codes.js';
import { authRoutes } from './routes/auth.js';
import { accountRoutes } from './routes/account.js';
import { mobileRoutes } from './routes/mobile.js';
import { payPasswordRoutes } from './routes/payPassword.js';
import { kycRoutes } from './routes/kyc.js';
import { closingRoutes } from './routes/closing.js';
import { internalRoutes } from './routes/internal.js';

export interface IdentityDeps {
  config: IdentityConfig;
  /** A client WITHOUT key prefix (the kit's `auth:` keys are shared); identity prefixes its own keys. */
  redis: Redis;
  connection: Connection;
  notifier?: Notifier;
  kyc?: KycProvider;
  google?: GoogleVerifier;
  complaint?: ComplaintSender;
  readiness?: ReadinessCheck[];
  logger?: boolean;
  /** Called after a write that stored outbox events (main.ts wakes the relay). */
  onEventsStored?: () => void;
}

export function createContext(deps: IdentityDeps): Ctx {
  const { config, redis } = deps;
  const prefix = config.REDIS_KEY_PREFIX;
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  return {
    config,
    redis,
    users: new UserStore(createModels(deps.connection)),
    codes: new CodeStore(redis, prefix, config.CODE_HMAC_SECRET, {
      ttlSeconds: config.CODE_TTL_SECONDS,
      resendSeconds: config.CODE_RESEND_SECONDS,
      maxTries: config.CODE_MAX_TRIES,
      dailyPerTarget: config.CODE_DAILY_PER_TARGET,
      dailyPerIp: config.CODE_DAILY_PER_IP,
    }),
    once: new OneTimeStore(redis, prefix),
    loginFailures: new LoginFailures(redis, prefix, config.LOGIN_MAX_FAILURES, config.LOGIN_LOCK_SECONDS),
    versions: new SessionVersions(redis),
    notifier:
      deps.notifier ??
      new HttpNotifier({ smsUrl: config.SMS_PROVIDER_URL, emailUrl: config.EMAIL_PROVIDER_URL, secret: config.PROVIDER_SECRET, timeoutMs }),
    kyc: deps.kyc ?? new HttpKycProvider({ url: config.KYC_PROVIDER_URL, secret: config.PROVIDER_SECRET, timeoutMs }),
    google:
      deps.google ??
      new JoseGoogleVerifier({ jwksUrl: config.GOOGLE_JWKS_URL, clientIds: config.GOOGLE_CLIENT_IDS, issuers: config.GOOGLE_ISSUERS }),
    complaint:
      deps.complaint ?? new WebhookComplaintSender({ url: config.COMPLAINT_WEBHOOK_URL, secret: config.COMPLAINT_WEBHOOK_SECRET, timeoutMs }),
    eventsStored: deps.onEventsStored ?? (() => {}),
  };
}

export async function buildIdentity(deps: IdentityDeps) {
  const { config } = deps;
  const app = await createServiceApp({
    name: 'identity',
    config,
    redis: deps.redis,
    connection: deps.connection,
    readiness: deps.readiness,
    logger: deps.logger,
  });
  const ctx = createContext(deps);
  captchaRoutes(app, ctx);
  codeRoutes(app, ctx);
  authRoutes(app, ctx);
  accountRoutes(app, ctx);
  mobileRoutes(app, ctx);
  payPasswordRoutes(app, ctx);
  kycRoutes(app, ctx);
  closingRoutes(app, ctx);
  internalRoutes(app, ctx);
  return app;
}

export type IdentityApp = Awaited<ReturnType<typeof buildIdentity>>;
