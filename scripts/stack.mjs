// The product's own processes (not the servers): provider sandbox, services, workflow worker,
// gateway with the built web client. Used by `npm start` (stack `dev`) and the browser tests (`e2e`).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureInternalToken, ensurePayKeys, ensureTokenKeys, root, run, say, startProcess, stopProcesses, timed, waitForHttp } from './lib.mjs';

export const PORTS = {
  dev: { gateway: 8080, sandbox: 8090, identity: 8101, payments: 8102, card: 8103 },
  e2e: { gateway: 18080, sandbox: 18090, identity: 18101, payments: 18102, card: 18103 },
};

function hashTree(dir, hash = createHash('sha256')) {
  for (const entry of readdirSync(dir).sort()) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) hashTree(file, hash);
    else hash.update(file).update(readFileSync(file));
  }
  return hash;
}

/** Builds web/dist when its sources changed since the last build. */
export async function ensureWebBuild() {
  const web = path.join(root, 'web');
  if (!existsSync(path.join(web, 'index.html'))) return undefined;
  const digest = hashTree(web).digest('hex');
  const marker = path.join(web, 'dist', '.source-hash');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === digest) {
    say('web client build up to date');
  } else {
    await timed('built the web client', async () => {
      // NODE_ENV=production even under a test runner (which sets `test`): React's production build.
      if (run('npm', ['run', 'build', '-w', '@aipay/web'], { env: { ...process.env, NODE_ENV: 'production' } }) !== 0) throw new Error('web build failed');
    });
    writeFileSync(marker, digest);
  }
  return path.join(web, 'dist');
}

export async function startStack(stack, endpoints) {
  const ports = PORTS[stack];
  const keys = ensureTokenKeys();
  const payKeys = ensurePayKeys();
  const internalToken = ensureInternalToken();
  const webDist = await ensureWebBuild();
  await stopProcesses(stack); // leftovers of a run that was not stopped
  const base = { ...endpoints, ...keys, NODE_ENV: 'development', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  const services = [
    {
      name: 'sandbox',
      script: 'services/sandbox/src/main.ts',
      port: ports.sandbox,
      env: {
        PUBLIC_URL: sandboxUrl,
        ...payKeys.sandbox,
        PAY_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${ports.payments}/v1/pay/notify/stripe`,
      },
    },
    {
      name: 'identity',
      script: 'services/identity/src/main.ts',
      port: ports.identity,
      env: {
        SMS_PROVIDER_URL: sandboxUrl,
        EMAIL_PROVIDER_URL: sandboxUrl,
        KYC_PROVIDER_URL: sandboxUrl,
        COMPLAINT_WEBHOOK_URL: `${sandboxUrl}/chatbot/webhook`,
        PUBLIC_WEB_URL: gatewayUrl,
        INTERNAL_TOKEN: internalToken,
      },
    },
    {
      // The card service (docs/card.md): ledger, the internal balance API payments calls, recharge
      // credits from payments.events. MONGO_URL, REDIS_URL and KAFKA_BROKERS come with `base`.
      name: 'card',
      script: 'services/card/src/main.ts',
      port: ports.card,
      env: { INTERNAL_TOKEN: internalToken },
    },
    {
      name: 'payments',
      script: 'services/payments/src/main.ts',
      port: ports.payments,
      env: {
        ...payKeys.payments,
        ALIPAY_GATEWAY_URL: `${sandboxUrl}/alipay/gateway.do`,
        ALIPAYHK_GATEWAY_URL: `${sandboxUrl}/alipayhk/gateway.do`,
        WECHAT_API_BASE: `${sandboxUrl}/wechat`,
        STRIPE_API_BASE: `${sandboxUrl}/stripe`,
        UNIONPAY_FRONT_URL: `${sandboxUrl}/unionpay/gateway/api/frontTransReq.do`,
        UNIONPAY_BACK_URL: `${sandboxUrl}/unionpay/gateway/api/backTransReq.do`,
        NOTIFY_BASE_URL: `http://127.0.0.1:${ports.payments}`,
        PUBLIC_WEB_URL: gatewayUrl,
        IDENTITY_URL: `http://127.0.0.1:${ports.identity}`,
        CARD_URL: `http://127.0.0.1:${ports.card}`,
        INTERNAL_TOKEN: internalToken,
      },
    },
    {
      name: 'gateway',
      script: 'services/gateway/src/main.ts',
      port: ports.gateway,
      env: {
        IDENTITY_URL: `http://127.0.0.1:${ports.identity}`,
        PAYMENTS_URL: `http://127.0.0.1:${ports.payments}`,
        WEB_DIST: webDist ?? '',
      },
    },
  ].filter((service) => existsSync(path.join(root, service.script)));

  const worker = startProcess(stack, 'workflows', 'workflows/src/worker.ts', base);
  say(`workflow worker started (pid ${worker.pid})`);
  for (const service of services) {
    const { pid, logFile } = startProcess(stack, service.name, service.script, { ...base, ...service.env, PORT: String(service.port) });
    await timed(`${service.name} ready on :${service.port} (pid ${pid})`, () =>
      waitForHttp(`http://127.0.0.1:${service.port}/ready`, 60_000, logFile),
    );
  }
  return { gatewayUrl, sandboxUrl };
}

export async function stopStack(stack) {
  return stopProcesses(stack);
}
