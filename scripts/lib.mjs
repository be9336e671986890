// Shared steps of `npm start` and `npm test`: install what a fresh machine lacks, keys, processes.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dataDir = path.join(root, '.data');

export function say(line) {
  console.log(`[aipay] ${line}`);
}

export async function timed(label, fn) {
  const started = Date.now();
  const result = await fn();
  say(`${label} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  return result;
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * Installs from package-lock.json when node_modules is missing or was installed from another lockfile.
 * `npm install` rather than `npm ci`: npm 11 writes only this platform's optional binaries (nx, swc,
 * esbuild) into the lockfile here and `npm ci` then refuses it as out of sync; `npm install` keeps
 * the locked versions.
 */
export async function ensureDependencies() {
  const lock = readFileSync(path.join(root, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const marker = path.join(root, 'node_modules', '.aipay-lock-hash');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === hash) {
    say('npm dependencies up to date');
    return;
  }
  await timed('installed npm dependencies', async () => {
    const status = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
    if (status !== 0) throw new Error('npm install failed');
  });
  const installed = createHash('sha256').update(readFileSync(path.join(root, 'package-lock.json'))).digest('hex');
  writeFileSync(marker, installed);
}

/** Installs Debian packages a fresh machine lacks (we run as root on our machines). */
export function ensureSystemPackages(binaries) {
  const missing = Object.entries(binaries).filter(([, binary]) => !existsSync(binary)).map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`missing ${missing.join(', ')}: install them with apt-get (needs root)`);
  say(`installing ${missing.join(', ')} with apt-get`);
  if (run('apt-get', ['update', '-qq']) !== 0 || run('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }) !== 0) {
    throw new Error(`apt-get install ${missing.join(' ')} failed`);
  }
}

/** The Ed25519 key pair that signs access tokens locally (production keys come from secrets). */
export function ensureTokenKeys() {
  const dir = path.join(dataDir, 'keys');
  const privateFile = path.join(dir, 'jwt-ed25519.pem');
  const publicFile = path.join(dir, 'jwt-ed25519.pub.pem');
  if (!existsSync(privateFile) || !existsSync(publicFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));
    say('generated a local token signing key in .data/keys/');
  }
  return { JWT_PRIVATE_KEY: readFileSync(privateFile, 'utf8'), JWT_PUBLIC_KEY: readFileSync(publicFile, 'utf8') };
}

function rsaPair() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { private: privateKey.export({ type: 'pkcs8', format: 'pem' }), public: publicKey.export({ type: 'spki', format: 'pem' }) };
}

/**
 * Development keys of the payment channels (docs/pay-channels.md): for each protocol our merchant
 * pair and the provider's pair, generated once into .data/keys/pay.json. Payments gets our private
 * keys and the providers' public keys; the sandbox, which plays the providers, the other halves.
 */
export function ensurePayKeys() {
  const file = path.join(dataDir, 'keys', 'pay.json');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const keys = {
      alipay: { appId: '2021000000000001', merchant: rsaPair(), provider: rsaPair() },
      alipayhk: { appId: '2021000000000002', merchant: rsaPair(), provider: rsaPair() },
      wechat: {
        appId: 'wx0000000000000001',
        mchId: '1900000001',
        merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
        platformSerial: randomBytes(20).toString('hex').toUpperCase(),
        apiV3Key: randomBytes(16).toString('hex'),
        merchant: rsaPair(),
        platform: rsaPair(),
      },
      stripe: { secretKey: `sk_test_${randomBytes(16).toString('hex')}`, webhookSecret: `whsec_${randomBytes(16).toString('hex')}` },
      unionpay: { merId: '777290058110048', certId: '69629715588', merchant: rsaPair(), provider: rsaPair() },
    };
    writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
    say('generated local payment channel keys in .data/keys/pay.json');
  }
  const { alipay, alipayhk, wechat, stripe, unionpay } = JSON.parse(readFileSync(file, 'utf8'));
  return {
    payments: {
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_PRIVATE_KEY: alipay.merchant.private,
      ALIPAY_PUBLIC_KEY: alipay.provider.public,
      ALIPAYHK_APP_ID: alipayhk.appId,
      ALIPAYHK_PRIVATE_KEY: alipayhk.merchant.private,
      ALIPAYHK_PUBLIC_KEY: alipayhk.provider.public,
      WECHAT_APP_ID: wechat.appId,
      WECHAT_MCH_ID: wechat.mchId,
      WECHAT_PRIVATE_KEY: wechat.merchant.private,
      WECHAT_SERIAL_NO: wechat.merchantSerial,
      WECHAT_API_V3_KEY: wechat.apiV3Key,
      WECHAT_PLATFORM_SERIAL: wechat.platformSerial,
      WECHAT_PLATFORM_PUBLIC_KEY: wechat.platform.public,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      UNIONPAY_MER_ID: unionpay.merId,
      UNIONPAY_CERT_ID: unionpay.certId,
      UNIONPAY_PRIVATE_KEY: unionpay.merchant.private,
      UNIONPAY_PUBLIC_KEY: unionpay.provider.public,
    },
    sandbox: {
      PAY_ALIPAY_APP_ID: alipay.appId,
      PAY_ALIPAY_PRIVATE_KEY: alipay.provider.private,
      PAY_ALIPAY_MERCHANT_PUBLIC_KEY: alipay.merchant.public,
      PAY_ALIPAYHK_APP_ID: alipayhk.appId,
      PAY_ALIPAYHK_PRIVATE_KEY: alipayhk.provider.private,
      PAY_ALIPAYHK_MERCHANT_PUBLIC_KEY: alipayhk.merchant.public,
      PAY_WECHAT_MCH_ID: wechat.mchId,
      PAY_WECHAT_MERCHANT_SERIAL: wechat.merchantSerial,
      PAY_WECHAT_MERCHANT_PUBLIC_KEY: wechat.merchant.public,
      PAY_WECHAT_PLATFORM_SERIAL: wechat.platformSerial,
      PAY_WECHAT_PLATFORM_PRIVATE_KEY: wechat.platform.private,
      PAY_WECHAT_API_V3_KEY: wechat.apiV3Key,
      PAY_STRIPE_SECRET_KEY: stripe.secretKey,
      PAY_STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      PAY_UNIONPAY_MER_ID: unionpay.merId,
      PAY_UNIONPAY_PRIVATE_KEY: unionpay.provider.private,
      PAY_UNIONPAY_MERCHANT_PUBLIC_KEY: unionpay.merchant.public,
    },
  };
}

/** The shared secret of our services' internal calls (header x-internal-token), generated once. */
export function ensureInternalToken() {
  const file = path.join(dataDir, 'keys', 'internal-token');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

const pidDir = path.join(dataDir, 'pids');
const appPidFile = (stack, name) => path.join(pidDir, `app-${stack}-${name}.json`);

/** Starts one of our processes in the background with its log in .data/logs/<stack>-<name>.log. */
export function startProcess(stack, name, script, env) {
  mkdirSync(pidDir, { recursive: true });
  mkdirSync(path.join(dataDir, 'logs'), { recursive: true });
  const logFile = path.join(dataDir, 'logs', `${stack}-${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  child.unref();
  writeFileSync(appPidFile(stack, name), JSON.stringify({ name, pid: child.pid, script, startedAt: new Date().toISOString() }));
  return { pid: child.pid, logFile };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isOurs(record) {
  try {
    return readFileSync(`/proc/${record.pid}/cmdline`, 'utf8').includes(record.script);
  } catch {
    return false;
  }
}

/** Stops the processes of one stack (`dev` for npm start, `e2e` for browser tests): SIGTERM, then SIGKILL after 15 s. */
export async function stopProcesses(stack) {
  if (!existsSync(pidDir)) return [];
  const { readdirSync, rmSync } = await import('node:fs');
  const stopped = [];
  const files = readdirSync(pidDir).filter((name) => name.startsWith(`app-${stack}-`));
  await Promise.all(files.map(async (file) => {
    const record = JSON.parse(readFileSync(path.join(pidDir, file), 'utf8'));
    if (alive(record.pid) && isOurs(record)) {
      process.kill(record.pid, 'SIGTERM');
      const deadline = Date.now() + 15_000;
      while (alive(record.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      if (alive(record.pid)) process.kill(record.pid, 'SIGKILL');
      stopped.push(record.name);
    }
    rmSync(path.join(pidDir, file), { force: true });
  }));
  return stopped;
}

export async function waitForHttp(url, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      const tail = logFile && existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
      throw new Error(`${url} did not become ready within ${timeoutMs / 1000}s${tail ? `; last lines of ${logFile}:\n${tail}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
