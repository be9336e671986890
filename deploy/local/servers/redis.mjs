// Redis from Debian's redis-server package, one process on 127.0.0.1:6379.
import tls from 'node:tls';
import { exchange, ensureDir, run, which } from '../lib.mjs';

let aptUpdated;

async function aptInstall(pkg) {
  if (process.getuid?.() !== 0) {
    throw new Error(`[infra] redis: redis-server is not installed and installing it needs root: run \`sudo apt-get install -y ${pkg}\` once, or set REDIS_URL`);
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  aptUpdated ??= run('apt-get', ['update'], { env });
  await aptUpdated;
  await run('apt-get', ['install', '-y', pkg], { env });
}

/** RESP `PING` (after `AUTH` when the URL carries credentials); ready when the reply is +PONG. */
async function ping({ host, port, username, password, useTls }) {
  const command = (...args) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  const auth = password ? command('AUTH', ...(username ? [username] : []), password) : '';
  const reply = await exchange({
    host,
    port,
    connect: useTls ? tls.connect : undefined,
    request: auth + command('PING'),
    complete: (buf) => {
      const text = buf.toString();
      return text.startsWith('-') ? text.includes('\r\n') : text.endsWith('PONG\r\n');
    },
  });
  const text = reply.toString();
  if (text.startsWith('-')) throw new Error(`redis answered ${text.trim()}`);
  return text.endsWith('+PONG\r\n');
}

export default {
  name: 'redis',
  envVar: 'REDIS_URL',
  port: 6379,
  readyTimeoutMs: 20_000,

  endpoints: (url) => ({ REDIS_URL: url ?? 'redis://127.0.0.1:6379' }),

  target(url) {
    const u = new URL(url);
    return {
      host: u.hostname,
      port: Number(u.port || 6379),
      username: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      useTls: u.protocol === 'rediss:',
    };
  },

  probe: ping,

  async provision({ step }) {
    if (await which('redis-server')) return;
    await step(async () => {
      await aptInstall('redis-server');
      const version = (await run('redis-server', ['--version'])).match(/v=(\S+)/)?.[1];
      return `installed redis-server ${version} with apt-get`;
    });
  },

  async command({ profile, dataDir }) {
    ensureDir(dataDir);
    const persistence = profile === 'test' ? ['--save', '', '--appendonly', 'no'] : ['--appendonly', 'yes'];
    return {
      cmd: await which('redis-server'),
      args: ['--port', '6379', '--bind', '127.0.0.1', '--dir', dataDir, '--daemonize', 'no', ...persistence],
    };
  },
};
