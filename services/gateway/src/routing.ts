// The routing table: which service owns each seed path, which paths need no login, and which calls
// have longer timeouts (seed 000 §7: 20 s default; 60 s and 180 s on named calls).

export const SERVICES = ['identity', 'payments', 'card', 'tools', 'flex', 'aicoding', 'referrals'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Path prefix (after /api) → owning service. The longest matching prefix wins. */
export const ROUTES: Readonly<Record<string, ServiceName>> = {
  // identity: accounts, sign-in, codes, sessions, pay password, KYC, complaint (seed 000 §7)
  '/user/': 'identity',
  '/v1/user/': 'identity',
  '/account/setPayPassword': 'identity',
  '/account/verifyPayPassword': 'identity',
  '/complaint': 'identity',
  // card: accounts, cards, ledger, invoices, maintenance, uploads, OCR (seed 001 §7)
  '/card/': 'card',
  '/account/': 'card',
  '/v1/virtualCard/': 'card',
  '/common/maintain': 'card',
  '/common/upload/policy': 'card',
  '/common/ocrIdCardFace': 'card',
  '/common/ocrIdCardBack': 'card',
  '/common/ocrPassport': 'card',
  // payments: orders, channels, fees, pay URLs, refunds (seed 001 §7 "Payment")
  '/v1/pay/': 'payments',
  '/pay/': 'payments',
  '/v1/unAuth/': 'payments',
  '/common/exchangeRate': 'payments',
  '/common/cardAmount': 'payments',
  '/aiflex/payParam': 'payments',
  '/aiflex/payStatus': 'payments',
  // tools: SMS numbers, e-mail, OpenAI registration, proxy, remote environment, upgrades
  '/v1/tool/reward/': 'tools',
  '/reward/': 'tools',
  '/common/switchyOmega': 'tools',
  '/common/emailAddress': 'tools',
  '/common/openAIPlus': 'tools',
  '/user/getKasm': 'tools',
  // flex: products, packages, subscriptions (seed 002 §7)
  '/aiflex/': 'flex',
  '/v1/tool/openaiPlus/': 'flex',
  '/common/indexCount/': 'flex',
  // aicoding: coding keys and credits, API Flex, the metered relay
  '/aicoding/': 'aicoding',
  '/aicoding0011/': 'aicoding',
  '/user/key/': 'aicoding',
  '/user/usage': 'aicoding',
  '/user/model_price': 'aicoding',
  '/v1/userWrapperApi/': 'aicoding',
  '/v1/chat/completions': 'aicoding',
  '/v1/responses': 'aicoding',
  '/v1/messages': 'aicoding',
  '/v1/models': 'aicoding',
  // referrals: invite codes, relations, rewards, withdrawals
  '/v1/fission/': 'referrals',
  '/invitation/': 'referrals',
  '/transaction/': 'referrals',
};

/**
 * Calls a visitor may make without a token (seed 000 §6, 002 §6). Everything else needs login and
 * is rejected at the gateway with the 401 envelope before it reaches a service. A trailing `/`
 * means "this prefix"; otherwise the path must match exactly.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/user/login',
  '/user/passwordLogin',
  '/user/googleOAuthLogin',
  '/user/register',
  '/user/forgotPassword',
  '/user/login/verifyCode/',
  '/user/register/verifyCode/',
  '/user/email/verifyCode',
  '/user/isGradual',
  '/user/captcha/',
  '/v1/unAuth/',
  '/v1/pay/notify/',
  '/common/exchangeRate',
  '/common/cardAmount',
  '/common/maintain',
  '/common/indexCount/',
  '/aiflex/products',
  '/aiflex/invitationDiscount',
  '/user/model_price',
  // The coding relay authenticates by the user's coding key, in the service.
  '/v1/chat/completions',
  '/v1/responses',
  '/v1/messages',
  '/v1/models',
];

/** Calls with a timeout other than the 20 s default (seed 000 §7, 001 §7, 002 §7). */
export const TIMEOUTS_MS: Readonly<Record<string, number>> = {
  '/aiflex/payParam': 60_000,
  '/v1/pay/channelList': 180_000,
  '/v1/tool/reward/overseaMobile/apply': 30_000,
  '/v1/chat/completions': 600_000,
  '/v1/responses': 600_000,
  '/v1/messages': 600_000,
};
export const DEFAULT_TIMEOUT_MS = 20_000;

function matches(path: string, pattern: string): boolean {
  return pattern.endsWith('/') ? path.startsWith(pattern) : path === pattern || path.startsWith(`${pattern}/`);
}

function longestMatch<T>(path: string, table: Readonly<Record<string, T>>): T | undefined {
  let best: string | undefined;
  for (const pattern of Object.keys(table)) {
    if (matches(path, pattern) && (best === undefined || pattern.length > best.length)) best = pattern;
  }
  return best === undefined ? undefined : table[best];
}

/**
 * Paths never forwarded whatever the table says: our services' internal API (`/internal/…`, e.g.
 * identity's payer and face-verification calls for payments, guarded by x-internal-token) and
 * paths with dot segments or encoded dots, slashes or backslashes, which could climb out of a
 * routed prefix on the way to a service.
 */
export function isNeverRouted(path: string): boolean {
  const segments = path.split('/');
  if (segments[1]?.toLowerCase() === 'internal') return true;
  return segments.some((segment) => segment === '.' || segment === '..' || /%(2e|2f|5c)/i.test(segment));
}

/** The service that owns a path (without /api and query), or undefined. */
export function routeFor(path: string): ServiceName | undefined {
  if (isNeverRouted(path)) return undefined;
  return longestMatch(path, ROUTES);
}

export function isPublic(path: string): boolean {
  return PUBLIC_PATHS.some((pattern) => matches(path, pattern));
}

export function timeoutFor(path: string): number {
  return longestMatch(path, TIMEOUTS_MS) ?? DEFAULT_TIMEOUT_MS;
}
